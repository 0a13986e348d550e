import { randomUUID } from 'node:crypto';
import { newOrderParamsSchema } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../platform/db';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { reserveClientOrderId } from './api-orders.repository';
import { type PlacedApiOrder, placeApiOrder } from './place-api-order';
import { RecentApiOrders } from './recent-api-orders';

/**
 * The client order id's reservation: one statement, ON CONFLICT on (key, client id) rather than a read
 * first, committed without waiting for its WAL flush, and only that transaction (its connection goes
 * back to the pool with durable commits).
 */
describe('reserveClientOrderId', () => {
  let t: TestApp;
  let single: Database;
  beforeAll(async () => {
    t = await createTestApp();
    // One connection, so the setting's scope shows on the very connection the reservation used.
    single = connect((t.database as Database & { url: string }).url, { max: 1 });
  });
  afterAll(async () => {
    await single?.close();
    await t?.close();
  });

  it('holds a client id once per key and leaves synchronous_commit on for what comes next', async () => {
    const user = await createTestUser(t, { kyc: true });
    const keyId = randomUUID();
    const row = (clientOrderId: string) => ({
      orderId: randomUUID(),
      userId: user.id,
      keyId,
      clientOrderId,
      type: 'LIMIT' as const,
      timeInForce: 'GTC' as const,
    });
    expect(await reserveClientOrderId(single.db, row('bot-1'))).toBe(true);
    expect(await reserveClientOrderId(single.db, row('bot-1'))).toBe(false);
    expect(await reserveClientOrderId(single.db, { ...row('bot-1'), keyId: randomUUID() })).toBe(true);
    const setting = await single.db.execute<{ synchronous_commit: string }>(sql`SHOW synchronous_commit`);
    expect(setting.rows[0]?.synchronous_commit).toBe('on');
  });
});

/**
 * A new API order's record (its client id, unique per key) is written by the order's own batch
 * (migration 0081): held exactly when the order exists, and an id held already answers the order
 * that holds it while the round's other orders are written without it.
 */
describe("API order records in the order's batch", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function bot(usdt: string) {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', usdt);
    return { user, caller: { userId: user.id, keyId: randomUUID() } };
  }

  /** A resting BTC buy of 0.0002 at 45,000 (9.018 USDT held with the fee), with this client id. */
  const buy = (newClientOrderId?: string) =>
    newOrderParamsSchema.parse({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.0002',
      price: '45000',
      newClientOrderId,
    });

  const eth = newOrderParamsSchema.parse({
    symbol: 'ETHUSDT',
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '0.01',
    price: '200',
  });

  const records = async (userId: string) =>
    (
      await t.database.db.execute<{ client_order_id: string; order_id: string; has_order: boolean }>(sql`
        SELECT a.client_order_id, a.order_id::text,
               EXISTS (SELECT 1 FROM orders o WHERE o.id = a.order_id) AS has_order
          FROM api_orders a WHERE a.user_id = ${userId} ORDER BY a.client_order_id`)
    ).rows;

  it('answers every request of a round that repeats a held id with the order that holds it', async () => {
    const { user, caller } = await bot('1000');
    // Without this process's memory of recent orders (as another process, or after a restart): the
    // batch itself finds each id taken.
    const first = await placeApiOrder(t.ctx, t.trading, caller, buy('held-1'));
    const answers = await Promise.allSettled([
      ...Array.from({ length: 6 }, () => placeApiOrder(t.ctx, t.trading, caller, buy('held-1'))),
      ...Array.from({ length: 6 }, (_, i) => placeApiOrder(t.ctx, t.trading, caller, buy(`fresh-${i}`))),
      ...Array.from({ length: 6 }, () => placeApiOrder(t.ctx, t.trading, caller, buy('new-twice'))),
      // Another market's orders in the same round are written too.
      ...Array.from({ length: 3 }, (_, i) =>
        placeApiOrder(t.ctx, t.trading, caller, { ...eth, newClientOrderId: `eth-${i}` }),
      ),
    ]);
    const ids = answers.map((a) => (a.status === 'fulfilled' ? a.value.order.id : 'refused'));
    expect(ids.slice(0, 6)).toEqual(Array(6).fill(first.order.id));
    expect(new Set(ids.slice(6, 12)).size).toBe(6);
    expect(ids.slice(6, 12)).not.toContain('refused');
    // Six requests with one new id in one round: one order, and every request answers it.
    expect(new Set(ids.slice(12, 18)).size).toBe(1);
    expect(ids.slice(12, 18)).not.toContain('refused');
    expect(new Set(ids.slice(18)).size).toBe(3);
    expect(ids.slice(18)).not.toContain('refused');
    const stored = await records(user.id);
    expect(stored.map((r) => r.client_order_id)).toEqual([
      'eth-0',
      'eth-1',
      'eth-2',
      ...Array.from({ length: 6 }, (_, i) => `fresh-${i}`),
      'held-1',
      'new-twice',
    ]);
    expect(stored.every((r) => r.has_order)).toBe(true);
    // Eight BTC orders held, 8 × 9.018 USDT, and three ETH orders, 3 × 2.004 USDT.
    expect((await balances(t, user)).USDT).toEqual({ balance: '921.84400000', locked: '78.15600000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses a retry while the first is still placed, and answers it from memory after', async () => {
    const { caller } = await bot('100');
    const recent = new RecentApiOrders();
    const [first, second] = await Promise.allSettled([
      placeApiOrder(t.ctx, t.trading, caller, buy('once'), recent),
      placeApiOrder(t.ctx, t.trading, caller, buy('once'), recent),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({
      status: 'rejected',
      reason: { code: -2010, message: 'Duplicate order sent.' },
    });
    const placed = (first as PromiseFulfilledResult<PlacedApiOrder>).value;
    const again = await placeApiOrder(t.ctx, t.trading, caller, buy('once'), recent);
    expect(again.order.id).toBe(placed.order.id);
    expect(again.api.clientOrderId).toBe('once');
  });

  it('holds no id for a refused order, and takes over only an abandoned reservation', async () => {
    const { user, caller } = await bot('10');
    await expect(
      placeApiOrder(t.ctx, t.trading, caller, { ...buy('too-big'), quantity: '0.002' }),
    ).rejects.toMatchObject({
      code: -2010,
      message: 'Account has insufficient balance for requested action.',
    });
    expect(await records(user.id)).toEqual([]);
    // A reservation without its order (an OCO leg being placed, or one an earlier version left).
    const reserve = (clientOrderId: string) =>
      reserveClientOrderId(t.database.db, {
        orderId: randomUUID(),
        userId: user.id,
        keyId: caller.keyId,
        clientOrderId,
        type: 'LIMIT',
        timeInForce: 'GTC',
      });
    await reserve('fresh-reservation');
    await expect(placeApiOrder(t.ctx, t.trading, caller, buy('fresh-reservation'))).rejects.toMatchObject({
      message: 'Duplicate order sent.',
    });
    await reserve('left-behind');
    await t.database.db.execute(
      sql`UPDATE api_orders SET created_at = now() - interval '2 minutes' WHERE client_order_id = 'left-behind'`,
    );
    const taken = await placeApiOrder(t.ctx, t.trading, caller, buy('left-behind'));
    const stored = await records(user.id);
    expect(stored).toEqual([
      { client_order_id: 'fresh-reservation', order_id: expect.any(String), has_order: false },
      { client_order_id: 'left-behind', order_id: taken.order.id, has_order: true },
    ]);
    await expectLedgerConsistent(t.ctx.db);
  });
});
