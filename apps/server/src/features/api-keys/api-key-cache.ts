import type { AppContext } from '../../platform/app-context';
import type { PgListener } from '../../platform/pg-listener';
import { openSecret } from '../../platform/secret-box';
import type { ApiKeyRevocation } from '../accounts/api-key-revocation';
import { apiSecretBoxKey } from './api-key-material';
import { type KeyForRequest, liveKeyByHash, revokeAllKeysOf } from './api-keys.repository';

/**
 * The channel the database triggers of the api_key_change_notify migration NOTIFY on, with the
 * user's id, when a key is revoked, deleted or changes what it may do, and when its owner's status,
 * kind or KYC changes: every process forgets that user's keys once the change commits.
 */
export const API_KEY_CHANGED_CHANNEL = 'api_key_changed';
/** How long a process trusts a key it read, should a notification be lost: the back-stop. */
export const KEY_CACHE_TTL_MS = 10_000;
/** How many keys a process keeps (the oldest read goes first). */
const KEYS_KEPT = 10_000;
/**
 * How long a process remembers that a key hash is unknown, so a bot repeating a wrong or revoked key
 * costs no read per request. Short, since a key created elsewhere is told by NOTIFY anyway.
 */
export const UNKNOWN_KEY_TTL_MS = 5_000;
/** How many unknown hashes a process remembers (the oldest goes first), so random keys cannot grow it. */
export const UNKNOWN_KEYS_KEPT = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live key as a signed request checks it: its row, its owner's standing and its secret opened. */
export interface LiveKey extends KeyForRequest {
  readonly secret: string | null;
}

/** Where a signed request finds its key by the hash of the key string. */
export interface ApiKeyReader {
  lookup(keyHash: string): Promise<LiveKey | undefined>;
  /** The key's last use was written at `at` (the cache keeps it, so the next write waits a minute). */
  used(keyHash: string, at: Date): void;
}

type Ctx = Pick<AppContext, 'db' | 'config'>;

async function readKey(ctx: Ctx, keyHash: string): Promise<LiveKey | undefined> {
  const key = await liveKeyByHash(ctx.db, keyHash);
  if (!key) return undefined;
  const secret = key.sealedSecret ? openSecret(apiSecretBoxKey(ctx.config), key.id, key.sealedSecret) : null;
  return { ...key, secret };
}

/** Every lookup reads the database (one indexed read): no cache. */
export function uncachedKeys(ctx: Ctx): ApiKeyReader {
  return { lookup: (keyHash) => readKey(ctx, keyHash), used: () => {} };
}

export interface ApiKeyCache extends ApiKeyReader {
  /**
   * Forgets the user's keys in this process at once (a revoke, a disable or a creation that committed
   * here), and every key hash it remembered as unknown.
   */
  forgetUser(userId: string): void;
  close(): void;
}

/**
 * A per-process cache of the keys signed requests use, so a request costs no key read: keyed by the
 * hash of the key string, holding the key's row, its owner's standing (status, kind, KYC) and its
 * opened secret (in this process's memory only, which also holds the master key that opens them all).
 *
 * A hash no live key has is remembered as unknown for UNKNOWN_KEY_TTL_MS (at most UNKNOWN_KEYS_KEPT of
 * them, the oldest dropped first), so repeating a wrong key reads nothing either.
 *
 * It forgets:
 *  - a user's keys when the database NOTIFYs API_KEY_CHANGED_CHANNEL with their id (triggers on
 *    api_keys and users, so every writer is covered: a key created, a revoke, an admin's disable, a KYC
 *    change made by any process or by hand), in every process once the change commits; every
 *    notification also forgets all the unknown hashes, since a created key may be one of them;
 *  - at once in this process, through `forgetUser`, after a revoke or disable committed here, so the
 *    very next request here is refused without waiting for the notification;
 *  - everything when the listening connection changed or is down (notifications may have been lost),
 *    reading straight from the database until it listens again;
 *  - each key after KEY_CACHE_TTL_MS in any case (the back-stop).
 * A read that a notification overtook is answered but not kept, so a stale row cannot be cached.
 * Lookups of one hash at the same moment share one read (`reading`), never one a forget overtook.
 */
export function createApiKeyCache(
  ctx: Ctx & Pick<AppContext, 'clock'>,
  listener: Pick<PgListener, 'on' | 'listening'>,
  options: { ttlMs?: number; unknownTtlMs?: number; unknownKept?: number } = {},
): ApiKeyCache {
  const ttlMs = options.ttlMs ?? KEY_CACHE_TTL_MS;
  const unknownTtlMs = options.unknownTtlMs ?? UNKNOWN_KEY_TTL_MS;
  const unknownKept = options.unknownKept ?? UNKNOWN_KEYS_KEPT;
  const entries = new Map<string, { key: LiveKey; until: number; connection: number }>();
  /** Hashes read as no live key: until when, on which listening connection. */
  const unknown = new Map<string, { until: number; connection: number }>();
  /** Moves on every forget: a read that started before it is not kept. */
  let generation = 0;
  /**
   * The reads under way, by hash: a lookup of a hash already being read, on the same listening
   * connection and with nothing forgotten since the read started, waits for that read. A key's entry
   * expires for all its requests at once (KEY_CACHE_TTL_MS), and a market maker's 16 connections on one
   * key then each read it and opened its secret again, one slow round of the engine every 10 s.
   */
  const reading = new Map<
    string,
    { read: Promise<LiveKey | undefined>; generation: number; connection: number | null }
  >();

  const forget = (userId?: string) => {
    generation += 1;
    unknown.clear();
    if (userId === undefined) entries.clear();
    else for (const [hash, entry] of entries) if (entry.key.userId === userId) entries.delete(hash);
  };
  const stop = listener.on(API_KEY_CHANGED_CHANNEL, (payload) =>
    forget(UUID.test(payload) ? payload.toLowerCase() : undefined),
  );

  return {
    async lookup(keyHash) {
      const connection = listener.listening();
      const now = ctx.clock.now().getTime();
      const kept = entries.get(keyHash);
      if (kept && kept.connection === connection && kept.until > now) return kept.key;
      if (kept) entries.delete(keyHash);
      const missing = unknown.get(keyHash);
      if (missing && missing.connection === connection && missing.until > now) return undefined;
      if (missing) unknown.delete(keyHash);
      const started = generation;
      const under = reading.get(keyHash);
      if (under && connection !== null && under.generation === started && under.connection === connection)
        return under.read;
      const read = readKey(ctx, keyHash).then((key) => {
        if (connection === null || generation !== started || listener.listening() !== connection) return key;
        if (key) {
          if (entries.size >= KEYS_KEPT) entries.delete(entries.keys().next().value!);
          entries.set(keyHash, { key, until: now + ttlMs, connection });
        } else {
          if (unknown.size >= unknownKept) unknown.delete(unknown.keys().next().value!);
          unknown.set(keyHash, { until: now + unknownTtlMs, connection });
        }
        return key;
      });
      reading.set(keyHash, { read, generation: started, connection });
      const done = () => {
        if (reading.get(keyHash)?.read === read) reading.delete(keyHash);
      };
      read.then(done, done);
      return read;
    },
    used(keyHash, at) {
      const kept = entries.get(keyHash);
      if (kept) kept.key = { ...kept.key, lastUsedAt: at };
    },
    forgetUser(userId) {
      forget(userId.toLowerCase());
    },
    close() {
      stop();
      entries.clear();
      unknown.clear();
    },
  };
}

/**
 * Every key of a user revoked with an account's security event (auth's ApiKeyRevocation): the keys and
 * their secrets go in the event's transaction, the database's trigger tells every process to forget
 * them once it commits, and `keys` (this process's cache) forgets them at once after it.
 */
export function apiKeyRevocation(keys: Pick<ApiKeyCache, 'forgetUser'>): ApiKeyRevocation {
  return {
    revokeAll: (tx, userId, at) => revokeAllKeysOf(tx, userId, at),
    forget: (userId) => keys.forgetUser(userId),
  };
}
