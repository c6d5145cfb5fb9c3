-- Portable SQL: this file runs unchanged on H2 (standalone) and PostgreSQL 15.

-- Where a workspace's alerts go in its connected Slack: one channel per workspace, and the alert types
-- and severities it wants (comma-separated enum names; at least one of each). The last error Slack gave
-- for it (not_in_channel, channel_not_found, invalid_auth, ...) is shown in settings until a post works.
create table slack_alert_channels (
    workspace_id  varchar(40)              primary key references workspaces (id),
    channel_id    varchar(40)              not null,
    alert_types   varchar(400)             not null,
    severities    varchar(100)             not null,
    last_error    varchar(100)             null,
    last_error_at timestamp with time zone null,
    updated_by    varchar(40)              not null references users (id),
    updated_at    timestamp with time zone not null
);

-- The Slack message posted for each alert, so that its escalation and resolution update that message
-- (chat.update needs the channel and the message's ts) instead of posting another.
create table slack_alert_messages (
    workspace_id varchar(40)              not null references workspaces (id),
    alert_id     varchar(40)              not null,
    channel_id   varchar(40)              not null,
    message_ts   varchar(40)              not null,
    posted_at    timestamp with time zone not null,
    primary key (workspace_id, alert_id)
);

create index slack_alert_messages_posted_at_idx on slack_alert_messages (posted_at);
