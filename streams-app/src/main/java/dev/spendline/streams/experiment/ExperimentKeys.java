package dev.spendline.streams.experiment;

/**
 * Keys of the experiment stores: {@code ws \0 experiment \0 variant}. A workspace's keys, and an
 * experiment's, are contiguous ranges: \1 sorts right after \0, which cannot occur in ids.
 */
public final class ExperimentKeys {

    private ExperimentKeys() {}

    public static String variant(String workspaceId, String experimentId, String variant) {
        return workspaceId + '\u0000' + experimentId + '\u0000' + variant;
    }

    /** The first key of an experiment's variants; {@link #experimentEnd} is the exclusive end. */
    public static String experimentStart(String workspaceId, String experimentId) {
        return workspaceId + '\u0000' + experimentId + '\u0000';
    }

    public static String experimentEnd(String workspaceId, String experimentId) {
        return workspaceId + '\u0000' + experimentId + '\u0001';
    }

    public static String workspaceStart(String workspaceId) {
        return workspaceId + '\u0000';
    }

    public static String workspaceEnd(String workspaceId) {
        return workspaceId + '\u0001';
    }

    /** The workspace id of a variant key. */
    public static String workspaceOf(String key) {
        return key.substring(0, key.indexOf('\u0000'));
    }

    /** {@code [experimentId, variant]} of a variant key. */
    public static String[] parts(String key) {
        int first = key.indexOf('\u0000');
        int second = key.indexOf('\u0000', first + 1);
        return new String[] {key.substring(first + 1, second), key.substring(second + 1)};
    }
}
