-- Proof of reserves (issue 49): each report, its customers' leaves and its tree's nodes, all kept
-- as made. A report names the previous report's hash, so the list is a chain; a changed or deleted
-- row is refused by the database itself (the triggers below), not just by the code. Written by hand.
CREATE TABLE reserve_reports (
  id uuid PRIMARY KEY,
  seq integer NOT NULL UNIQUE CHECK (seq >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  trigger text NOT NULL CHECK (trigger IN ('SCHEDULE', 'ADMIN')),
  requested_by uuid REFERENCES users(id),
  assets text[] NOT NULL,
  totals text[] NOT NULL,
  root_hash text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
  leaf_count integer NOT NULL CHECK (leaf_count >= 0),
  -- What the report publishes besides the tree: per asset lines, the address proofs, USD as stated.
  lines jsonb NOT NULL,
  address_proofs jsonb NOT NULL,
  usd_statement text,
  -- The per-report key the customers' salts are derived from (HMAC), sealed with the server's secret
  -- box (platform/secret-box.ts): never in the database in clear.
  salt_key_sealed text NOT NULL,
  previous_hash text CHECK (previous_hash ~ '^[0-9a-f]{64}$'),
  report_hash text NOT NULL UNIQUE CHECK (report_hash ~ '^[0-9a-f]{64}$'),
  CHECK ((seq = 1) = (previous_hash IS NULL))
);--> statement-breakpoint
-- One report follows each report: two made at once cannot both name the same previous one.
CREATE UNIQUE INDEX reserve_reports_previous_key ON reserve_reports (previous_hash);--> statement-breakpoint
CREATE INDEX reserve_reports_created_idx ON reserve_reports (seq DESC);--> statement-breakpoint
CREATE TABLE reserve_report_leaves (
  report_id uuid NOT NULL REFERENCES reserve_reports(id),
  user_id uuid NOT NULL REFERENCES users(id),
  position integer NOT NULL CHECK (position >= 0),
  balances text[] NOT NULL,
  PRIMARY KEY (report_id, user_id)
);--> statement-breakpoint
CREATE TABLE reserve_tree_nodes (
  report_id uuid NOT NULL REFERENCES reserve_reports(id),
  level smallint NOT NULL CHECK (level >= 0),
  position integer NOT NULL CHECK (position >= 0),
  hash text NOT NULL,
  sums text[] NOT NULL,
  PRIMARY KEY (report_id, level, position)
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION reserves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'proof-of-reserves reports are append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reserve_reports_append_only BEFORE UPDATE OR DELETE ON reserve_reports FOR EACH ROW EXECUTE FUNCTION reserves_append_only();--> statement-breakpoint
CREATE TRIGGER reserve_report_leaves_append_only BEFORE UPDATE OR DELETE ON reserve_report_leaves FOR EACH ROW EXECUTE FUNCTION reserves_append_only();--> statement-breakpoint
CREATE TRIGGER reserve_tree_nodes_append_only BEFORE UPDATE OR DELETE ON reserve_tree_nodes FOR EACH ROW EXECUTE FUNCTION reserves_append_only();
