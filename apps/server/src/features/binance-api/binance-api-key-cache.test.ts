import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeys, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { createKey, signedInject, type TestKey } from './binance-api-test-helpers';

/**
 * The API's key cache in the real app (issue 39): a warm cache answers a signed request without
 * reading its key, yet a revoke, a disabled account or a KYC loss refuses the key's next request. The
 * clock is a ManualClock that never moves, so the cache's TTL back-stop never expires here: every
 * refusal below comes from the revoke itself, the disable, or the database's NOTIFY.
 */
describe('the Binance-compatible API with its key cache warm', () => {
  const clock = new ManualClock(new Date());
  const env = {
    // Room for the polling below: every request here comes from one address.
    BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '1000000',
    BINANCE_API_WEIGHT_PER_MINUTE_KEY: '1000000',
    // Both processes open the secrets their keys were sealed with.
    OTP_HMAC_KEY: 'key-cache-test-otp-hmac-key-0123456789abcdef',
  };
  let t: TestApp;
  let other: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clock, env });
    // A second server process on the same database, with its own cache and LISTEN connection.
    other = await createTestApp({ clock, env, deps: { database: t.database } });
    admin = await createTestUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const account = (app: TestApp, key: TestKey) =>
    signedInject(app, key, 'GET', '/account', {}, { timestamp: clock.now().getTime() });
  const order = (app: TestApp, key: TestKey) =>
    signedInject(
      app,
      key,
      'POST',
      '/order',
      { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001', price: '1' },
      { timestamp: clock.now().getTime() },
    );
  /**
   * A new key of the user's (made on the Security page), used once through `app`, so its cache holds it:
   * after `app` has heard the key's own creation, whose notification (the user's keys changed) would
   * otherwise empty the cache if it arrived after the request.
   */
  const warmKey = async (user: TestUser, app = t): Promise<TestKey> => {
    const key = await createKey(t, user);
    await app.notificationsCaughtUp();
    expect((await account(app, key)).status).toBe(200);
    return key;
  };

  it('answers a warm key from memory, without reading it', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await warmKey(user);
    // Revoked behind the cache's back, with the trigger that would tell it switched off for this one
    // write: only a request that read the key would see it.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE api_keys DISABLE TRIGGER api_keys_changed_notify`);
      await tx.update(apiKeys).set({ revokedAt: clock.now() }).where(eq(apiKeys.id, key.id));
      await tx.execute(sql`ALTER TABLE api_keys ENABLE TRIGGER api_keys_changed_notify`);
    });
    expect((await account(t, key)).status).toBe(200);
  });

  it('refuses a revoked key from the very next request', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await warmKey(user);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/security/api-keys/${key.id}/revoke`,
      headers: user.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await account(t, key)).toMatchObject({ status: 401, body: { code: -2015 } });
  });

  it("refuses a disabled account's key from the very next request", async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await warmKey(user);
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/set-user-status',
      headers: admin.headers,
      payload: { userId: user.id, status: 'DISABLED', reason: 'Key misuse' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await account(t, key)).toMatchObject({ status: 401, body: { code: -2015 } });
  });

  it('refuses trading once KYC is withdrawn by any writer, on the notification', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await warmKey(user);
    // A direct write, as another process or an operator would make it: only the trigger's NOTIFY tells.
    await t.database.db.update(users).set({ isKycVerified: false }).where(eq(users.id, user.id));
    await vi.waitFor(async () => expect((await order(t, key)).body).toMatchObject({ code: -2015 }), {
      timeout: 5_000,
      interval: 20,
    });
    expect((await account(t, key)).status).toBe(200);
  });

  it('refuses a key revoked through another process, on the notification', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await warmKey(user, other);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/security/api-keys/${key.id}/revoke`,
      headers: user.headers,
    });
    expect(revoked.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await account(other, key)).status).toBe(401), {
      timeout: 5_000,
      interval: 20,
    });
  });
});
