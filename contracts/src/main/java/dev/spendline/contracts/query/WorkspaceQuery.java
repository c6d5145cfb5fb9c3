package dev.spendline.contracts.query;

/**
 * A read of one workspace's data. Every query record names its workspace, so routing (the owner of
 * the workspace's partition) and the instance credential (minted for that workspace) need nothing
 * else from the query.
 */
public interface WorkspaceQuery {

    String workspaceId();
}
