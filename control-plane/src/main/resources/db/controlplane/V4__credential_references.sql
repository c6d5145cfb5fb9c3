-- Portable SQL: this file runs unchanged on H2 (standalone) and PostgreSQL 15.

-- A prepared action binds to a credential by kind and id ("api_key:key_...", later "oauth_grant:...");
-- rows prepared before this version hold a bare API key id.
update prepared_actions set credential_id = 'api_key:' || credential_id where credential_id not like '%:%';
