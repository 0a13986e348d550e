import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { apiKeys } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { sealSecret } from '../../platform/secret-box';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { apiSecretBoxKey, KEY_PREFIX_LENGTH, keyHashOf } from '../api-keys/api-key-material';
import { createKey, signedInject, type TestKey } from './binance-api-test-helpers';

/** A key string nobody holds: 64 letters and digits. */
const madeUpKey = (): string => randomBytes(32).toString('hex');

/**
 * What a signed request with a made-up key costs (issue 43): before, every one read the database, and
 * its weight was spent only after that read. Now the address's weight is spent first, and a hash found
 * to be no key is remembered for a few seconds (per process, bounded), forgotten as soon as any key
 * is created. The clock never moves here, so nothing below passes by a TTL running out.
 */
describe('the Binance-compatible API with unknown keys', () => {
  const clock = new ManualClock(new Date());
  const env = { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '100', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '100000' };
  let t: TestApp;
  let other: TestApp;
  let keyReads: MockInstance;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { ...env, OTP_HMAC_KEY: 'key-lookup-test-otp-hmac-key-0123456789abcdef' },
    });
    other = await createTestApp({
      clock,
      env: { ...env, OTP_HMAC_KEY: 'key-lookup-test-otp-hmac-key-0123456789abcdef' },
      deps: { database: t.database },
    });
    keyReads = vi.spyOn(t.database.pool, 'query');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** How many of the pool's statements so far looked a key up by its hash. */
  const lookups = () =>
    keyReads.mock.calls.filter(([query]) => {
      const text = typeof query === 'string' ? query : (query as { text?: string }).text;
      return text?.includes('"api_keys"."key_hash" =') ?? false;
    }).length;
  const account = (app: TestApp, key: TestKey, address: string) =>
    signedInject(app, key, 'GET', '/account', {}, { timestamp: clock.now().getTime(), address });
  const unknown = (apiKey: string): TestKey => ({ id: '', apiKey, secret: 'x'.repeat(64) });

  it('reads an unknown key once, however often it is repeated', async () => {
    const key = unknown(madeUpKey());
    const before = lookups();
    // GET /account weighs 20: four from each address stay within its 100.
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      for (let i = 0; i < 4; i += 1)
        expect(await account(t, key, address)).toMatchObject({ status: 401, body: { code: -2015 } });
    }
    expect(lookups() - before).toBe(1);
  });

  it("stops a flood of made-up keys at the address's weight, before the database", async () => {
    const before = lookups();
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await account(t, unknown(madeUpKey()), '198.51.100.77'));
    // 100 / 20: five requests reach the key check, every later one is refused by the rate limit alone.
    expect(answers.slice(0, 5).map((answer) => answer.body.code)).toEqual([
      -2015, -2015, -2015, -2015, -2015,
    ]);
    for (const answer of answers.slice(5))
      expect(answer).toMatchObject({ status: 429, body: { code: -1003 } });
    expect(lookups() - before).toBe(5);
  });

  it('answers a key created right after it was looked up as unknown, in every process', async () => {
    const user = await createTestUser(t, { kyc: true });
    const created: TestKey = { id: randomUUID(), apiKey: madeUpKey(), secret: madeUpKey() };
    expect(await account(t, created, '203.0.113.10')).toMatchObject({ status: 401, body: { code: -2015 } });
    expect(await account(other, created, '203.0.113.11')).toMatchObject({
      status: 401,
      body: { code: -2015 },
    });
    // Written by hand, as any writer could: only the insert's NOTIFY tells the processes (the clock
    // stands still, so no TTL helps them). Each try from its own address, never meeting the rate limit.
    await t.database.db.insert(apiKeys).values({
      id: created.id,
      userId: user.id,
      label: 'by hand',
      keyHash: keyHashOf(created.apiKey),
      keyPrefix: created.apiKey.slice(0, KEY_PREFIX_LENGTH),
      sealedSecret: sealSecret(apiSecretBoxKey(t.ctx.config), created.id, created.secret),
      canTrade: true,
      ipAllowList: [],
      createdAt: clock.now(),
    });
    let tries = 0;
    for (const app of [t, other])
      await vi.waitFor(
        async () => {
          tries += 1;
          expect((await account(app, created, `203.0.113.${100 + tries}`)).status).toBe(200);
        },
        { timeout: 5_000, interval: 20 },
      );
  });

  it('still spends the weight of a good key from its address and from the key', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await createKey(t, user);
    const first = await account(t, key, '203.0.113.20');
    expect(first.status).toBe(200);
    expect(first.headers['x-mbx-used-weight-1m']).toBe('20');
  });
});
