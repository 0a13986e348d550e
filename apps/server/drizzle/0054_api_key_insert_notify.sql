-- A process remembers for a few seconds that an API key hash is unknown (features/api-keys/
-- api-key-cache.ts), so a repeated wrong key reads nothing. A key created by any process or by hand
-- must work at once everywhere: its INSERT now NOTIFYs on the same channel, with the owner's id, and
-- every process forgets the hashes it remembered as unknown once the insert commits.
CREATE TRIGGER api_keys_inserted_notify AFTER INSERT ON api_keys FOR EACH ROW
  EXECUTE FUNCTION api_key_changed_notify();
