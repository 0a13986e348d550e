-- Signed requests of the Binance-compatible API find their key in a per-process cache
-- (features/api-keys/api-key-cache.ts). These triggers tell every process to forget a user's keys,
-- once the change commits, whoever writes it: a key revoked, deleted or changing what it may do, and
-- its owner's status, kind or KYC changing. The payload is the user's id; PostgreSQL sends one
-- notification per distinct payload and transaction.
CREATE OR REPLACE FUNCTION api_key_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    owner := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    owner := OLD.user_id;
  ELSE
    owner := NEW.user_id;
  END IF;
  PERFORM pg_notify('api_key_changed', owner::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_changed_notify AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
     OR OLD.sealed_secret IS DISTINCT FROM NEW.sealed_secret
     OR OLD.can_trade IS DISTINCT FROM NEW.can_trade
     OR OLD.ip_allow_list IS DISTINCT FROM NEW.ip_allow_list
     OR OLD.key_hash IS DISTINCT FROM NEW.key_hash
     OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION api_key_changed_notify();
--> statement-breakpoint
CREATE TRIGGER api_keys_deleted_notify AFTER DELETE ON api_keys FOR EACH ROW
  EXECUTE FUNCTION api_key_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_api_standing_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
     OR OLD.kind IS DISTINCT FROM NEW.kind
     OR OLD.is_kyc_verified IS DISTINCT FROM NEW.is_kyc_verified)
  EXECUTE FUNCTION api_key_changed_notify();
