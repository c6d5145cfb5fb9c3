-- Portable SQL: this file runs unchanged on H2 (standalone) and PostgreSQL 15.

-- A workspace's own OTLP attribution mapping (docs/opentelemetry.md, "Mapping"): which span or
-- resource attributes fill the product event's attribution fields. Only the fields the workspace
-- changed are stored, as a JSON object {"tenantId": ["customer.id", ...], ...}; a field not in it,
-- and a workspace without a row, use the default mapping. Checked by OtlpMapping before it is stored.
create table otlp_mappings (
    workspace_id varchar(40)              primary key references workspaces (id),
    mapping      varchar(16000)           not null,
    updated_at   timestamp with time zone not null
);
