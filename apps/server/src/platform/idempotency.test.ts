import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, paymentOrders } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestUser, type TestUser } from '../test/test-users';
import { withCommitMarker } from './db';
import { IDEMPOTENCY_LEASE_SECONDS, pruneIdempotencyKeys } from './idempotency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ORDERS = '/api/v1/wallet/deposits/orders';

function createOrder(user: TestUser, amount: string, key?: string) {
  const headers = key === undefined ? user.headers : { ...user.headers, 'idempotency-key': key };
  return t.app.inject({ method: 'POST', url: ORDERS, headers, payload: { amount } });
}

async function ordersOf(user: TestUser): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: count() })
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, user.id));
  return row!.n;
}

describe('Idempotency-Key on money-moving POSTs', () => {
  it('without a key, every request acts', async () => {
    const user = await createTestUser(t, { kyc: true });
    await createOrder(user, '10');
    await createOrder(user, '10');
    expect(await ordersOf(user)).toBe(2);
  });

  it('replays the first answer for the same key and body, acting once', async () => {
    const user = await createTestUser(t, { kyc: true });
    const first = await createOrder(user, '10', 'order:1');
    const second = await createOrder(user, '10', 'order:1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(user)).toBe(1);
  });

  it('refuses the same key with another body (or another route) with 409, acting not at all', async () => {
    const user = await createTestUser(t, { kyc: true });
    await createOrder(user, '10', 'k-1');
    const other = await createOrder(user, '11', 'k-1');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ status: false, code: 'idempotency_conflict' });
    const orderId = (await createOrder(user, '10', 'k-1')).json().data.order.order_id;
    const otherRoute = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wallet/deposits/sandbox/${orderId}/approve`,
      headers: { ...user.headers, 'idempotency-key': 'k-1' },
    });
    expect(otherRoute.statusCode).toBe(409);
    expect(await ordersOf(user)).toBe(1);
  });

  it('keeps each user’s keys apart', async () => {
    const a = await createTestUser(t, { kyc: true });
    const b = await createTestUser(t, { kyc: true });
    await createOrder(a, '10', 'shared');
    const forB = await createOrder(b, '10', 'shared');
    expect(forB.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(a)).toBe(1);
    expect(await ordersOf(b)).toBe(1);
  });

  it.each(['', 'has space', 'x'.repeat(129), 'semi;colon', 'ünï'])(
    'refuses the key %j with a 400 and acts not at all',
    async (key) => {
      const user = await createTestUser(t, { kyc: true });
      const res = await createOrder(user, '10', key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
      expect(await ordersOf(user)).toBe(0);
    },
  );

  it('accepts a 128-character key of every allowed character', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = 'Az09_-:.'.repeat(16);
    expect((await createOrder(user, '10', key)).statusCode).toBe(200);
  });

  it('forgets a key whose request failed, so it can be retried', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = (await createOrder(user, '10')).json().data.order.order_id;
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/fiat/add/usd/amount',
        headers: { ...user.headers, 'idempotency-key': 'confirm-1' },
        payload: { amount: '10', order_id: orderId },
      });
    expect((await confirm()).statusCode).toBe(422);
    const stored = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(stored).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/wallet/deposits/sandbox/${orderId}/approve`,
      headers: user.headers,
    });
    const retried = await confirm();
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.wallet.currencies[0].balance).toBe('10.00');
  });

  it('20 parallel identical requests with one key act once', async () => {
    const user = await createTestUser(t, { kyc: true });
    const began = performance.now();
    const responses = await Promise.all(Array.from({ length: 20 }, () => createOrder(user, '42', 'burst-1')));
    const elapsedMs = performance.now() - began;
    expect(await ordersOf(user)).toBe(1);
    const ok = responses.filter((r) => r.statusCode === 200);
    const busy = responses.filter((r) => r.statusCode === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.json().data.order.order_id)).size).toBe(1);
    for (const r of busy) expect(r.json()).toMatchObject({ code: 'idempotency_in_progress' });
    const later = await createOrder(user, '42', 'burst-1');
    expect(later.json().data.order.order_id).toBe(ok[0]!.json().data.order.order_id);
    process.stdout.write(
      `[idempotency] 20 parallel requests, one key: 1 order, ${ok.length} answered 200, ${busy.length} in-progress 409, ${elapsedMs.toFixed(0)} ms\n`,
    );
  });

  /** Makes the user's stored key look like a request that died before answering. */
  async function crash(user: TestUser, opts: { committed: boolean; ageSeconds: number }) {
    await t.ctx.db
      .update(idempotencyKeys)
      .set({
        responseStatus: null,
        responseBody: null,
        committedAt: opts.committed ? sql`now()` : null,
        claimedAt: sql`now() - make_interval(secs => ${opts.ageSeconds})`,
      })
      .where(eq(idempotencyKeys.userId, user.id));
  }

  /** An approved sandbox deposit of 10 USD, confirmed (credited) with `key`. */
  async function confirmDeposit(user: TestUser, key: string, orderId?: string) {
    const id = orderId ?? (await createOrder(user, '10')).json().data.order.order_id;
    if (!orderId)
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/wallet/deposits/sandbox/${id}/approve`,
        headers: user.headers,
      });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/fiat/add/usd/amount',
      headers: { ...user.headers, 'idempotency-key': key },
      payload: { amount: '10', order_id: id },
    });
    return { res, orderId: id as string };
  }

  it('stamps the claim as committed inside the credit’s own transaction', async () => {
    const user = await createTestUser(t, { kyc: true });
    expect((await confirmDeposit(user, 'stamp-1')).res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(row!.committedAt).not.toBeNull();
    expect(row!.responseStatus).toBe(200);
  });

  it('a retry takes over a crashed claim whose effect never committed, once its lease is over', async () => {
    const user = await createTestUser(t, { kyc: true });
    await createOrder(user, '10', 'crash-1');
    await crash(user, { committed: false, ageSeconds: 5 });
    expect((await createOrder(user, '10', 'crash-1')).json()).toMatchObject({
      code: 'idempotency_in_progress',
    });
    await crash(user, { committed: false, ageSeconds: IDEMPOTENCY_LEASE_SECONDS + 1 });
    const retried = await createOrder(user, '10', 'crash-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect((await createOrder(user, '10', 'crash-1')).headers['idempotent-replayed']).toBe('true');
  });

  it('never runs again a crashed claim whose effect committed, however old', async () => {
    const user = await createTestUser(t, { kyc: true });
    const { orderId } = await confirmDeposit(user, 'crash-2');
    await crash(user, { committed: true, ageSeconds: 3600 });
    const retried = (await confirmDeposit(user, 'crash-2', orderId)).res;
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toMatchObject({ code: 'idempotency_in_progress' });
    const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
    expect(wallet.json().data.wallet.currencies[0].balance).toBe('10.00');
  });

  it('rolls back the effect of a request whose claim was lost (the marker throws inside the transaction)', async () => {
    const user = await createTestUser(t, { kyc: true });
    const lost = {
      claim: { userId: user.id, key: 'lost', token: '00000000-0000-0000-0000-000000000000' },
      mark: async () => Promise.reject(new Error('claim lost')),
    };
    await expect(
      withCommitMarker(t.ctx.db, lost).transaction(async (tx) => {
        await tx
          .insert(idempotencyKeys)
          .values({ userId: user.id, key: 'inner', route: 'x', requestHash: 'y' });
      }),
    ).rejects.toThrow('claim lost');
    expect(await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).toEqual(
      [],
    );
  });

  it('prunes keys older than the cut-off, and only those', async () => {
    const user = await createTestUser(t, { kyc: true });
    await createOrder(user, '10', 'old-1');
    await t.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(idempotencyKeys.userId, user.id));
    await createOrder(user, '10', 'new-1');
    expect(await pruneIdempotencyKeys(t.ctx.db, new Date(Date.now() - 86_400_000))).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((row) => row.key)).toEqual(['new-1']);
  });
});
