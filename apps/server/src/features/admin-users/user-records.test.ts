import { randomUUID } from 'node:crypto';
import { ADMIN_USER_RECORD_KINDS, messages as m } from '@exchange/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, apiKeys } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { post, ROOMY_LIMITS } from '../auth/auth-test-helpers';
import { fund, limitOrder, place } from '../trading/trading-test-helpers';

/** A customer on one page (issue 46): each section a page of the customer's records; keys revoked. */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => t.close());

async function liveKey(userId: string): Promise<string> {
  const id = randomUUID();
  await t.ctx.db.insert(apiKeys).values({
    id,
    userId,
    label: 'Trading bot',
    keyHash: randomUUID(),
    keyPrefix: 'ab12cd',
    canTrade: true,
  });
  return id;
}

describe('who may read a customer page and revoke their keys', () => {
  it('anonymous 401, a customer (KYC or not) 403, an admin 200', async () => {
    const target = await createTestUser(t);
    const customer = await createTestUser(t);
    const verified = await createTestUser(t, { kyc: true });
    const keyId = await liveKey(target.id);
    const calls: [string, object][] = [
      ['/admin/user-records', { userId: target.id, kind: 'api_keys' }],
      ['/admin/revoke-api-key', { userId: target.id, keyId }],
    ];
    for (const [url, body] of calls) {
      expect((await post(t, url, body, {})).statusCode).toBe(401);
      expect((await post(t, url, body, customer.headers)).statusCode).toBe(403);
      expect((await post(t, url, body, verified.headers)).statusCode).toBe(403);
      const ok = await post(t, url, body, admin.headers);
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });
});

describe("a customer's records", () => {
  it('answers every section a page at a time, newest first, and refuses bad input', async () => {
    const trader = await createTestUser(t, { kyc: true });
    await fund(t, trader, 'USDT', '1000');
    for (const price of ['40000', '41000'])
      expect((await place(t, trader, limitOrder('buy', '0.01', price))).statusCode).toBe(200);
    for (const kind of ADMIN_USER_RECORD_KINDS) {
      const res = await post(t, '/admin/user-records', { userId: trader.id, kind }, admin.headers);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
    }
    const orders = (
      await post(
        t,
        '/admin/user-records',
        { userId: trader.id, kind: 'open_orders', limit: 1 },
        admin.headers,
      )
    ).json().data;
    expect(orders).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(orders.content[0]).toMatchObject({
      title: 'BTC-USDT buy limit',
      amount: '0.010000 at 41000.0',
      status: 'OPEN',
    });
    const bad = [
      { userId: trader.id, kind: 'secrets' },
      { userId: 'x', kind: 'stakes' },
      { userId: trader.id, kind: 'stakes', limit: 1000 },
    ];
    for (const body of bad)
      expect((await post(t, '/admin/user-records', body, admin.headers)).statusCode).toBe(400);
    const unknown = { userId: '00000000-0000-4000-8000-000000000099', kind: 'stakes' };
    expect((await post(t, '/admin/user-records', unknown, admin.headers)).statusCode).toBe(404);
  });

  it("revokes one of the customer's API keys, audited; a revoked or another's key is 404", async () => {
    const owner = await createTestUser(t);
    const other = await createTestUser(t);
    const keyId = await liveKey(owner.id);
    const revoked = await post(t, '/admin/revoke-api-key', { userId: owner.id, keyId }, admin.headers);
    expect(revoked.json()).toMatchObject({ message: m.adminApiKeyRevoked, data: { revoked: true } });
    const keys = (
      await post(t, '/admin/user-records', { userId: owner.id, kind: 'api_keys' }, admin.headers)
    ).json().data.content;
    expect(keys).toEqual([expect.objectContaining({ _id: keyId, status: 'REVOKED', revocable: false })]);
    expect(
      (await post(t, '/admin/revoke-api-key', { userId: owner.id, keyId }, admin.headers)).statusCode,
    ).toBe(404);
    expect(
      (await post(t, '/admin/revoke-api-key', { userId: other.id, keyId }, admin.headers)).statusCode,
    ).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUserId, owner.id), eq(adminAuditLog.action, 'API_KEY_REVOKED')));
    expect(audit.map((line) => line.details)).toEqual([{ keyId }]);
  });
});
