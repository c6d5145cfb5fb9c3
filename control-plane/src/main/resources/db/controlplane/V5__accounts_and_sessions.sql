-- Portable SQL: this file runs unchanged on H2 (standalone) and PostgreSQL 15.

-- People who sign in to the dashboard. An account has a password, an OpenID Connect identity, or both.
create table users (
    id            varchar(40)              primary key,
    -- Lower-cased, so "Ana@Example.com" and "ana@example.com" are one account.
    email         varchar(320)             not null,
    display_name  varchar(200)             not null,
    -- An adaptive hash with its algorithm id ("{bcrypt}..."); null for OpenID-Connect-only accounts.
    password_hash varchar(200)             null,
    created_at    timestamp with time zone not null,
    constraint users_email_unique unique (email)
);

-- Who signed in with which provider: the issuer and subject identify a person at a provider for good
-- (an e-mail address can change hands), so a provider sign-in never links to an account by e-mail alone.
create table user_identities (
    issuer     varchar(500)             not null,
    subject    varchar(255)             not null,
    user_id    varchar(40)              not null references users (id),
    created_at timestamp with time zone not null,
    primary key (issuer, subject)
);

create table memberships (
    workspace_id varchar(40)              not null references workspaces (id),
    user_id      varchar(40)              not null references users (id),
    role         varchar(10)              not null,
    created_at   timestamp with time zone not null,
    primary key (workspace_id, user_id),
    constraint memberships_role_check check (role in ('OWNER', 'ADMIN', 'MEMBER'))
);

create index memberships_user_id_idx on memberships (user_id);

-- Invitations by link: the link carries a random token, stored only as its SHA-256.
create table invitations (
    id          varchar(40)              primary key,
    workspace_id varchar(40)             not null references workspaces (id),
    role        varchar(10)              not null,
    token_hash  varchar(64)              not null,
    created_by  varchar(40)              not null references users (id),
    created_at  timestamp with time zone not null,
    expires_at  timestamp with time zone not null,
    accepted_by varchar(40)              null references users (id),
    accepted_at timestamp with time zone null,
    revoked_at  timestamp with time zone null,
    constraint invitations_token_hash_unique unique (token_hash),
    constraint invitations_role_check check (role in ('ADMIN', 'MEMBER'))
);

create index invitations_workspace_id_idx on invitations (workspace_id);

-- The one-time link the standalone prints at first start: whoever opens it and signs up becomes the
-- owner of the workspace created then (which already holds the first key's data). One per workspace.
create table setup_links (
    workspace_id varchar(40)              primary key references workspaces (id),
    token_hash   varchar(64)              not null,
    created_at   timestamp with time zone not null,
    claimed_by   varchar(40)              null references users (id),
    claimed_at   timestamp with time zone null,
    constraint setup_links_token_hash_unique unique (token_hash)
);

-- Browser sessions (Spring Session JDBC's schema), so a sign-in survives a restart of the process and
-- works across instances.
create table spring_session (
    primary_id            char(36)     not null,
    session_id            char(36)     not null,
    creation_time         bigint       not null,
    last_access_time      bigint       not null,
    max_inactive_interval int          not null,
    expiry_time           bigint       not null,
    principal_name        varchar(100),
    constraint spring_session_pk primary key (primary_id)
);

create unique index spring_session_ix1 on spring_session (session_id);
create index spring_session_ix2 on spring_session (expiry_time);
create index spring_session_ix3 on spring_session (principal_name);

create table spring_session_attributes (
    session_primary_id char(36)     not null,
    attribute_name     varchar(200) not null,
    attribute_bytes    bytea        not null,
    constraint spring_session_attributes_pk primary key (session_primary_id, attribute_name),
    constraint spring_session_attributes_fk foreign key (session_primary_id)
        references spring_session (primary_id) on delete cascade
);
