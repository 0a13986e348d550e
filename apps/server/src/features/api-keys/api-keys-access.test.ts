import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { ROOMY_LIMITS } from '../auth/auth-test-helpers';

/**
 * Who may call the API key routes: any signed-in, active account, for its own keys only (another
 * user's key is 404 and stays live); a key that trades needs KYC; admins manage their own keys like
 * anyone. Anonymous and disabled callers are refused and nothing changes.
 */
describe('API key routes: authorisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const someKey = '00000000-0000-4000-8000-000000000000';
  const routes: Array<[method: 'GET' | 'POST', url: string, body?: object]> = [
    ['GET', '/security/api-keys'],
    ['POST', '/security/api-keys', { label: 'bot', permissions: ['read'] }],
    ['POST', `/security/api-keys/${someKey}/revoke`, {}],
  ];

  it('refuses the anonymous caller and a disabled account, creating nothing', async () => {
    const disabled = await createTestUser(t, { kyc: true });
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    for (const [method, url, body] of routes) {
      expect((await call(method, url, {}, body)).statusCode, url).toBe(401);
      expect((await call(method, url, disabled.headers, body)).statusCode, url).toBe(401);
    }
    expect(await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, disabled.id))).toEqual([]);
  });

  it('serves a user without KYC (read keys only) and an admin, each their own keys', async () => {
    const unverified = await createTestUser(t, { kyc: false });
    const admin = await createTestUser(t, { role: 'ADMIN' });
    for (const caller of [unverified, admin]) {
      const created = await call('POST', '/security/api-keys', caller.headers, {
        label: 'reader',
        permissions: ['read'],
      });
      expect(created.statusCode, created.body).toBe(200);
      const listed = await call('GET', '/security/api-keys', caller.headers);
      expect(listed.json().data.content.map((key: { id: string }) => key.id)).toEqual([
        created.json().data.id,
      ]);
      const revoked = await call(
        'POST',
        `/security/api-keys/${created.json().data.id}/revoke`,
        caller.headers,
      );
      expect(revoked.statusCode).toBe(200);
    }
    const trade = await call('POST', '/security/api-keys', unverified.headers, {
      label: 'bot',
      permissions: ['read', 'trade'],
    });
    expect(trade.statusCode).toBe(403);
  });

  it("cannot see or revoke another user's keys", async () => {
    const alice = await createTestUser(t, { kyc: true });
    const bob = await createTestUser(t, { kyc: true });
    const bobs = (
      await call('POST', '/security/api-keys', bob.headers, { label: 'bob', permissions: ['read', 'trade'] })
    ).json().data;
    const aliceSees = (await call('GET', '/security/api-keys', alice.headers)).json().data;
    expect(aliceSees).toMatchObject({ total: 0, content: [] });
    const res = await call('POST', `/security/api-keys/${bobs.id}/revoke`, alice.headers, {});
    expect(res.statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, bobs.id));
    expect(row?.revokedAt).toBeNull();
    expect((await call('GET', '/security/api-keys', bob.headers)).json().data.total).toBe(1);
  });
});
