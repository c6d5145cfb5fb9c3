-- Portable SQL: this file runs unchanged on H2 (standalone) and PostgreSQL 15.

-- The Slack app's installations: one Slack team (workspace) bound to exactly one Spendline workspace,
-- and one Spendline workspace to at most one Slack team. The bot token is stored encrypted (AES-GCM,
-- "v1:<key id>:<base64 nonce and ciphertext>"), never in plain text; the key id lets keys rotate.
create table slack_installations (
    team_id              varchar(40)              primary key,
    workspace_id         varchar(40)              not null references workspaces (id),
    team_name            varchar(200)             not null,
    enterprise_id        varchar(40)              null,
    app_id               varchar(40)              not null,
    bot_user_id          varchar(40)              not null,
    bot_id               varchar(40)              null,
    bot_scopes           varchar(1000)            not null,
    bot_token_ciphertext varchar(1000)            not null,
    token_key_id         varchar(100)             not null,
    installed_by         varchar(40)              not null references users (id),
    installed_at         timestamp with time zone not null,
    constraint slack_installations_workspace_unique unique (workspace_id)
);

-- The OAuth "state" of installs started from settings: single-use, short-lived, and bound to the user,
-- the browser session and the workspace that started it. Only the SHA-256 of the state is kept.
create table slack_oauth_states (
    state_hash   varchar(64)              primary key,
    workspace_id varchar(40)              not null references workspaces (id),
    user_id      varchar(40)              not null references users (id),
    session_hash varchar(64)              not null,
    expires_at   timestamp with time zone not null
);

-- Event ids already handled, so that Slack's retries (X-Slack-Retry-Num) are answered once. Rows older
-- than Slack's retry horizon are deleted as new ones arrive.
create table slack_events (
    event_id    varchar(100)             primary key,
    received_at timestamp with time zone not null
);

create index slack_events_received_at_idx on slack_events (received_at);
