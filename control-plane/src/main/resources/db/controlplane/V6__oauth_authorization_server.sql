-- Portable SQL: this file runs unchanged on H2 (standalone) and PostgreSQL 15.

-- The OAuth authorization server's tables, adapted from Spring Authorization Server's schema files
-- (oauth2-registered-client-schema.sql, oauth2-authorization-schema.sql,
-- oauth2-authorization-consent-schema.sql): column names as Spring's JDBC services expect them;
-- "blob" columns become varchar(65535), which both databases have and which Spring's services read and
-- write as text (PostgreSQL has no blob, and H2's clob cannot be compared in the token look-ups);
-- timestamps carry their time zone.

-- Clients: in practice MCP clients that registered themselves (RFC 7591), all public (no secret).
create table oauth2_registered_client (
    id                            varchar(100)             not null,
    client_id                     varchar(100)             not null,
    client_id_issued_at           timestamp with time zone default current_timestamp not null,
    client_secret                 varchar(200)             default null,
    client_secret_expires_at      timestamp with time zone default null,
    client_name                   varchar(200)             not null,
    client_authentication_methods varchar(1000)            not null,
    authorization_grant_types     varchar(1000)            not null,
    redirect_uris                 varchar(4000)            default null,
    post_logout_redirect_uris     varchar(1000)            default null,
    scopes                        varchar(1000)            not null,
    client_settings               varchar(2000)            not null,
    token_settings                varchar(2000)            not null,
    primary key (id),
    constraint oauth2_registered_client_client_id_unique unique (client_id)
);

-- Authorizations: one per grant a user gave a client (and the in-flight ones awaiting consent), with the
-- tokens issued under it. Access tokens are JWTs and are looked up by the authorization's id (a claim of
-- the token), never by value, so that column has no index (a JWT can exceed PostgreSQL's index row size).
create table oauth2_authorization (
    id                            varchar(100)             not null,
    registered_client_id          varchar(100)             not null,
    principal_name                varchar(200)             not null,
    authorization_grant_type      varchar(100)             not null,
    authorized_scopes             varchar(1000)            default null,
    attributes                    varchar(65535)           default null,
    state                         varchar(500)             default null,
    authorization_code_value      varchar(65535)           default null,
    authorization_code_issued_at  timestamp with time zone default null,
    authorization_code_expires_at timestamp with time zone default null,
    authorization_code_metadata   varchar(65535)           default null,
    access_token_value            varchar(65535)           default null,
    access_token_issued_at        timestamp with time zone default null,
    access_token_expires_at       timestamp with time zone default null,
    access_token_metadata         varchar(65535)           default null,
    access_token_type             varchar(100)             default null,
    access_token_scopes           varchar(1000)            default null,
    oidc_id_token_value           varchar(65535)           default null,
    oidc_id_token_issued_at       timestamp with time zone default null,
    oidc_id_token_expires_at      timestamp with time zone default null,
    oidc_id_token_metadata        varchar(65535)           default null,
    refresh_token_value           varchar(65535)           default null,
    refresh_token_issued_at       timestamp with time zone default null,
    refresh_token_expires_at      timestamp with time zone default null,
    refresh_token_metadata        varchar(65535)           default null,
    user_code_value               varchar(65535)           default null,
    user_code_issued_at           timestamp with time zone default null,
    user_code_expires_at          timestamp with time zone default null,
    user_code_metadata            varchar(65535)           default null,
    device_code_value             varchar(65535)           default null,
    device_code_issued_at         timestamp with time zone default null,
    device_code_expires_at        timestamp with time zone default null,
    device_code_metadata          varchar(65535)           default null,
    primary key (id)
);

create index oauth2_authorization_client_idx on oauth2_authorization (registered_client_id);
create index oauth2_authorization_state_idx on oauth2_authorization (state);
-- Opaque values of a few dozen characters, looked up at the token and device endpoints.
create index oauth2_authorization_code_idx on oauth2_authorization (authorization_code_value);
create index oauth2_authorization_refresh_idx on oauth2_authorization (refresh_token_value);
create index oauth2_authorization_user_code_idx on oauth2_authorization (user_code_value);
create index oauth2_authorization_device_code_idx on oauth2_authorization (device_code_value);

create table oauth2_authorization_consent (
    registered_client_id varchar(100)  not null,
    principal_name       varchar(200)  not null,
    authorities          varchar(1000) not null,
    primary key (registered_client_id, principal_name)
);

-- Spendline's own record of each grant: the workspace the user chose on the consent page (the grant acts
-- for that workspace only), who gave it, when, when it was last used, and the refresh token it replaced
-- (by hash), for the short grace in which a client may re-send it. Deleting the grant and its
-- authorization revokes it.
create table oauth_grants (
    authorization_id      varchar(100)             primary key,
    workspace_id          varchar(40)              not null references workspaces (id),
    user_id               varchar(40)              not null references users (id),
    registered_client_id  varchar(100)             not null,
    created_at            timestamp with time zone not null,
    last_used_at          timestamp with time zone null,
    -- SHA-256 (hex) of the refresh token current now and of the one it replaced, and when it was replaced.
    refresh_token_hash    varchar(64)              null,
    previous_refresh_hash varchar(64)              null,
    refreshed_at          timestamp with time zone null
);

create index oauth_grants_workspace_idx on oauth_grants (workspace_id);
create index oauth_grants_client_idx on oauth_grants (registered_client_id);
create index oauth_grants_previous_refresh_idx on oauth_grants (previous_refresh_hash);

-- The key that signs access tokens, generated on first start (a JWK, private part included), so tokens
-- stay valid across restarts and instances. One row per key id; the newest signs.
create table oauth_signing_keys (
    id         varchar(100)             primary key,
    jwk        varchar(8000)            not null,
    created_at timestamp with time zone not null
);
