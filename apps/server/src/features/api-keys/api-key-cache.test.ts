import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeys } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import {
  API_KEY_CHANGED_CHANNEL,
  createApiKeyCache,
  KEY_CACHE_TTL_MS,
  UNKNOWN_KEY_TTL_MS,
} from './api-key-cache';
import { keyHashOf } from './api-key-material';
import { createApiKey } from './create-api-key';

/**
 * The key cache's own rules, on a listener the test drives: what it keeps, and each way it forgets.
 * Whether a lookup read the database shows in last_used_at, which the test moves by hand (no trigger
 * tells the cache about it).
 */
describe('the API key cache', () => {
  const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
  let t: TestApp;
  let keyId: string;
  let keyHash: string;
  let userId: string;

  /** A listener the test drives: its handlers, and which connection listens. */
  const listener = () => {
    const handlers = new Map<string, (payload: string) => void>();
    const state = { connection: 1 as number | null };
    return {
      state,
      notify: (payload: string) => handlers.get(API_KEY_CHANGED_CHANNEL)?.(payload),
      on(channel: string, handler: (payload: string) => void) {
        handlers.set(channel, handler);
        return () => handlers.delete(channel);
      },
      listening: () => state.connection,
    };
  };
  let stamp = 0;
  /** Moves last_used_at in the database; answers the new value (a fresh read shows it, a kept key not). */
  const moveLastUsed = async () => {
    stamp += 1;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, stamp));
    await t.ctx.db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, keyId));
    return at;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const user = await createTestUser(t, { kyc: true });
    userId = user.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/api-keys',
      headers: user.headers,
      payload: { label: 'bot', permissions: ['read', 'trade'] },
    });
    keyId = res.json().data.id;
    keyHash = keyHashOf(res.json().data.api_key);
  });
  afterAll(async () => t?.close());

  it("keeps a key with its opened secret, and forgets it on its owner's notification", async () => {
    const driven = listener();
    const cache = createApiKeyCache(t.ctx, driven);
    const first = await cache.lookup(keyHash);
    expect(first).toMatchObject({ id: keyId, userId, canTrade: true, ownerActive: true });
    expect(first?.secret).toMatch(/^[A-Za-z0-9]{64}$/);
    await moveLastUsed();
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(first?.lastUsedAt);
    // Another user's notification leaves it; its owner's makes the next lookup read.
    driven.notify('00000000-0000-4000-8000-000000000000');
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(first?.lastUsedAt);
    driven.notify(userId.toUpperCase());
    const moved = await moveLastUsed();
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(moved);
    cache.close();
  });

  it('reads again after the TTL, and while or after the listening connection was lost', async () => {
    const driven = listener();
    const cache = createApiKeyCache(t.ctx, driven);
    await cache.lookup(keyHash);
    clock.advance(KEY_CACHE_TTL_MS);
    let moved = await moveLastUsed();
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(moved);
    // Down: every lookup reads, and nothing is kept.
    driven.state.connection = null;
    moved = await moveLastUsed();
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(moved);
    moved = await moveLastUsed();
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(moved);
    // Back on a new connection: what was kept before is not trusted.
    driven.state.connection = 1;
    await cache.lookup(keyHash);
    driven.state.connection = 2;
    moved = await moveLastUsed();
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(moved);
    cache.close();
  });

  it('does not keep a read that a notification overtook', async () => {
    const driven = listener();
    const cache = createApiKeyCache(t.ctx, driven);
    const reading = cache.lookup(keyHash);
    driven.notify(userId);
    await reading;
    const moved = await moveLastUsed();
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(moved);
    cache.close();
  });

  it('reads a key once for the lookups of one moment, and never joins a read a notification overtook', async () => {
    let reads = 0;
    const db = new Proxy(t.ctx.db, {
      get(target, property, receiver) {
        if (property === 'select') reads += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const driven = listener();
    const cache = createApiKeyCache({ ...t.ctx, db }, driven);
    const keys = await Promise.all(Array.from({ length: 16 }, () => cache.lookup(keyHash)));
    expect(reads).toBe(1);
    expect(keys.every((key) => key?.id === keyId && key.secret === keys[0]?.secret)).toBe(true);
    // Expired: one read again for all; a lookup after a notification starts its own.
    clock.advance(KEY_CACHE_TTL_MS);
    const before = Array.from({ length: 4 }, () => cache.lookup(keyHash));
    driven.notify(userId);
    const moved = await moveLastUsed();
    const after = Array.from({ length: 4 }, () => cache.lookup(keyHash));
    await Promise.all([...before, ...after]);
    expect(reads).toBe(3);
    expect((await after[0])?.lastUsedAt).toEqual(moved);
    // While the listening connection is down, every lookup reads.
    driven.state.connection = null;
    await Promise.all([cache.lookup(keyHash), cache.lookup(keyHash)]);
    expect(reads).toBe(5);
    cache.close();
  });

  it('forgets a user at once when told in this process', async () => {
    const cache = createApiKeyCache(t.ctx, listener());
    await cache.lookup(keyHash);
    cache.forgetUser(userId);
    const moved = await moveLastUsed();
    expect((await cache.lookup(keyHash))?.lastUsedAt).toEqual(moved);
    cache.close();
  });

  it('remembers an unknown hash for a few seconds, a bounded number of them, and forgets them on any change', async () => {
    const reads = vi.spyOn(t.database.pool, 'query');
    const keyReads = () =>
      reads.mock.calls.filter(([query]) => (query as { text?: string }).text?.includes('"key_hash" ='))
        .length;
    const driven = listener();
    const cache = createApiKeyCache(t.ctx, driven, { unknownKept: 2 });
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => keyHashOf(letter.repeat(64)));
    const readsOf = async (hashes: string[]) => {
      const before = keyReads();
      for (const hash of hashes) expect(await cache.lookup(hash!)).toBeUndefined();
      return keyReads() - before;
    };
    expect(await readsOf([a!, a!, a!, b!, b!])).toBe(2);
    // A third pushes out the oldest (a), which is read again.
    expect(await readsOf([c!, b!, c!])).toBe(1);
    expect(await readsOf([a!])).toBe(1);
    // Any notification (a key created anywhere sends one) and a forget here drop them all.
    driven.notify('00000000-0000-4000-8000-000000000000');
    expect(await readsOf([a!, a!])).toBe(1);
    cache.forgetUser(userId);
    expect(await readsOf([a!])).toBe(1);
    // And the TTL: read again once it ran out.
    clock.advance(UNKNOWN_KEY_TTL_MS);
    expect(await readsOf([a!, a!])).toBe(1);
    // Without a listening connection nothing is remembered.
    driven.state.connection = null;
    expect(await readsOf([b!, b!])).toBe(2);
    reads.mockRestore();
    cache.close();
  });

  it('forgets the unknown hashes at once when a key is created in this process', async () => {
    const reads = vi.spyOn(t.database.pool, 'query');
    const keyReads = () =>
      reads.mock.calls.filter(([query]) => (query as { text?: string }).text?.includes('"key_hash" ='))
        .length;
    // A listener that never notifies: only the creation itself can make the cache forget.
    const cache = createApiKeyCache(t.ctx, listener());
    const hash = keyHashOf('d'.repeat(64));
    await cache.lookup(hash);
    let before = keyReads();
    await cache.lookup(hash);
    expect(keyReads() - before).toBe(0);
    await createApiKey(t.ctx, userId, { label: 'second', permissions: ['read'], ip_allow_list: [] }, cache);
    before = keyReads();
    await cache.lookup(hash);
    expect(keyReads() - before).toBe(1);
    reads.mockRestore();
    cache.close();
  });
});
