-- Binance's user data stream (issue 48): POST /api/v3/userDataStream hands an API key its listen key,
-- which opens /ws/<listenKey> in any server process. One live key per API key (Binance answers the
-- same key again and extends it); it expires an hour after its creation or its last PUT, and DELETE
-- removes it. Revoking the API key removes its listen key with it.
CREATE TABLE api_listen_keys (
  key_id uuid PRIMARY KEY REFERENCES api_keys (id) ON DELETE CASCADE,
  listen_key text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
