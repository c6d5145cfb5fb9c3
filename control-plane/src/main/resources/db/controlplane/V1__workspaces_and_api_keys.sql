-- Portable SQL: this file runs unchanged on H2 (standalone) and PostgreSQL 15.

create table workspaces (
    id         varchar(40)              primary key,
    name       varchar(200)             not null,
    plan       varchar(10)              not null,
    created_at timestamp with time zone not null,
    constraint workspaces_plan_check check (plan in ('FREE', 'TEAM'))
);

create table api_keys (
    id           varchar(40)              primary key,
    workspace_id varchar(40)              not null references workspaces (id),
    name         varchar(200)             not null,
    -- First characters of the secret, so a human can tell keys apart; never enough to authenticate.
    prefix       varchar(20)              not null,
    -- SHA-256 of the secret (hex). The secret itself is never stored.
    key_hash     varchar(64)              not null,
    created_at   timestamp with time zone not null,
    last_used_at timestamp with time zone null,
    revoked_at   timestamp with time zone null,
    constraint api_keys_key_hash_unique unique (key_hash)
);

create index api_keys_workspace_id_idx on api_keys (workspace_id);
