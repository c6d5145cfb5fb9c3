-- Portable SQL: this file runs unchanged on H2 (standalone) and PostgreSQL 15.

-- Write actions prepared by Ask, the CLI or MCP and waiting for (or done with) their confirmation.
create table prepared_actions (
    id            varchar(40)              primary key,
    workspace_id  varchar(40)              not null references workspaces (id),
    -- The credential that prepared the action and alone may confirm it: an API key id today, an OAuth
    -- grant id later; deliberately no foreign key, so both kinds fit.
    credential_id varchar(100)             not null,
    action        varchar(60)              not null,
    -- Canonical JSON of the arguments confirm executes with; bounded because every action's fields are.
    arguments     varchar(16000)           not null,
    summary       varchar(2000)            not null,
    phrase        varchar(200)             not null,
    -- SHA-256 of the confirmation token (hex). The token itself is never stored.
    token_hash    varchar(64)              not null,
    created_at    timestamp with time zone not null,
    expires_at    timestamp with time zone not null,
    status        varchar(10)              not null,
    -- JSON: the action's result when SUCCEEDED, {code, detail} when FAILED, null otherwise.
    result        varchar(16000)           null,
    -- When execution started (the successful claim).
    executed_at   timestamp with time zone null,
    constraint prepared_actions_token_hash_unique unique (token_hash),
    constraint prepared_actions_status_check check (status in ('PREPARED', 'EXECUTING', 'SUCCEEDED', 'FAILED'))
);

-- For purging rows past their retention.
create index prepared_actions_expires_at_idx on prepared_actions (expires_at);
