-- Company-wide settings (review flow, the data entry agent's fallbacks). Only the keys a company has
-- changed are stored; the server fills the rest from its defaults, so a new setting needs no migration.
ALTER TABLE tenants ADD COLUMN settings jsonb NOT NULL DEFAULT '{}';
