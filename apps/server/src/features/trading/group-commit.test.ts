import { randomUUID } from 'node:crypto';
import { messages } from '@exchange/contracts';
import { priceTicks } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import {
  balances,
  breakAfterMovingBook,
  fund,
  holdLoop,
  limitOrder,
  place,
  untilWaiting,
} from './trading-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function trader(usdt?: string, btc?: string): Promise<TestUser> {
  const user = await createTestUser(t, { kyc: true });
  if (usdt) await fund(t, user, 'USDT', usdt);
  if (btc) await fund(t, user, 'BTC', btc);
  return user;
}

describe('group commit', () => {
  it('many parallel orders from many users on one market: no overdraft, every fill settled once, ledger clean', async () => {
    // Each buyer can afford one 0.01 BTC order at 50000 (501 USDT with the fee), not two.
    const buyers = await Promise.all(Array.from({ length: 8 }, () => trader('800')));
    const sellers = await Promise.all(Array.from({ length: 8 }, () => trader(undefined, '0.03')));
    const hold = holdLoop(t, 'BTC-USDT');
    const sends = [
      ...buyers.flatMap((b) => [0, 1, 2].map(() => place(t, b, limitOrder('buy', '0.01', '50000')))),
      ...sellers.flatMap((s) => [0, 1, 2].map(() => place(t, s, limitOrder('sell', '0.01', '50000')))),
    ];
    await untilWaiting(t, 'BTC-USDT', sends.length);
    hold.release();
    const answers = await Promise.all(sends);
    await hold.busy;

    const buys = answers.slice(0, 24);
    const sells = answers.slice(24);
    expect(buys.filter((r) => r.statusCode === 200)).toHaveLength(8);
    for (const refused of buys.filter((r) => r.statusCode !== 200))
      expect(refused.json().message).toBe('Insufficient amount');
    expect(sells.every((r) => r.statusCode === 200)).toBe(true);
    // Each of the 8 buys filled against one of the 24 sells: 8 trades, 16 sells still resting.
    const trades = await t.ctx.db.execute<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM trades WHERE market_id = 'BTC-USDT'`,
    );
    expect(Number(trades.rows[0]!.n)).toBe(8);
    const resting = await t.ctx.db.execute<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM orders WHERE market_id = 'BTC-USDT' AND status = 'open'`,
    );
    expect(Number(resting.rows[0]!.n)).toBe(16);
    // Every placed order took its own sequence number.
    const seqs = await t.ctx.db.execute<{ n: string; d: string }>(
      sql`SELECT count(*)::text AS n, count(DISTINCT seq)::text AS d FROM orders WHERE market_id = 'BTC-USDT'`,
    );
    expect(seqs.rows[0]!.n).toBe(seqs.rows[0]!.d);
    expect(t.trading.engine.market('BTC-USDT')?.book.orderCount).toBe(16);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a batch sends one notification: the depth after it, each order once in its latest state, and that it traded', async () => {
    const buyer = await trader('100');
    const seller = await createTestUser(t, { kyc: true });
    await fund(t, seller, 'XRP', '100');
    const listener = await t.database.pool.connect();
    const heard: Record<string, unknown>[] = [];
    listener.on('notification', (n) => {
      const payload = JSON.parse(n.payload ?? '{}') as Record<string, unknown>;
      if (n.channel === 'trading_event' && payload.m === 'XRP-USDT') heard.push(payload);
    });
    await listener.query('LISTEN trading_event');
    try {
      const hold = holdLoop(t, 'XRP-USDT');
      const sends = [
        place(t, buyer, limitOrder('buy', '10', '0.5', 'XRP-USDT')),
        place(t, buyer, limitOrder('buy', '10', '0.4', 'XRP-USDT')),
        place(t, seller, limitOrder('sell', '10', '0.5', 'XRP-USDT')),
      ];
      await untilWaiting(t, 'XRP-USDT', sends.length);
      hold.release();
      const answers = await Promise.all(sends);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toHaveLength(1);
      const [payload] = heard as [
        {
          t?: true;
          d?: { bids: { price: string }[]; asks: unknown[] };
          u: [string, { order: { id: string; status: string } }][];
        },
      ];
      expect(payload.t).toBe(true);
      // The first buy filled against the sell; only the 0.4 bid rests after the batch.
      expect(payload.d?.bids.map((level) => Number(level.price))).toEqual([0.4]);
      expect(payload.d?.asks).toEqual([]);
      const ids = payload.u.map(([, event]) => event.order.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(3);
      const filled = payload.u.find(([, event]) => event.order.id === answers[0]!.json().data.order.id);
      expect(filled?.[1].order.status).not.toBe('open');
    } finally {
      await listener.query('UNLISTEN trading_event');
      listener.release();
    }
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a command that fails after moving the book does not fail its neighbours: the batch is retried singly', async () => {
    const user = await trader('10000');
    const hold = holdLoop(t, 'ETH-USDT');
    const first = place(t, user, limitOrder('buy', '0.1', '2000', 'ETH-USDT'));
    await untilWaiting(t, 'ETH-USDT', 1);
    const broken = breakAfterMovingBook(t, 'ETH-USDT');
    const third = place(t, user, limitOrder('buy', '0.1', '2100', 'ETH-USDT'));
    await untilWaiting(t, 'ETH-USDT', 3);
    hold.release();
    await expect(broken).rejects.toThrow('boom after the book moved');
    expect((await first).statusCode).toBe(200);
    expect((await third).statusCode).toBe(200);
    await hold.busy;
    // The stray order never reached storage; the book was rebuilt without it.
    const book = t.trading.engine.market('ETH-USDT')?.book;
    expect(book?.orderCount).toBe(2);
    expect(book?.bestBid()).toBe(priceTicks(2100_00n));
    await expectLedgerConsistent(t.ctx.db);
  });

  it('cancels queued together read their orders ahead and are each answered on their own', async () => {
    // Four users each rest two DOT buys; then, in one batch: each cancels one of theirs, one cancels
    // the same order twice, one names another user's order, and one an order that does not exist.
    const users = await Promise.all(Array.from({ length: 4 }, () => trader('100')));
    const ids: string[][] = [];
    for (const user of users) {
      const mine: string[] = [];
      for (const price of ['1', '1.1']) {
        const res = await place(t, user, limitOrder('buy', '10', price, 'DOT-USDT'));
        expect(res.statusCode).toBe(200);
        mine.push(res.json().data.order.id);
      }
      ids.push(mine);
    }
    const cancel = (user: TestUser, orderId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=DOT-USDT&order_id=${orderId}`,
        headers: user.headers,
      });
    const hold = holdLoop(t, 'DOT-USDT');
    const sends = [
      ...users.map((user, i) => cancel(user, ids[i]![0]!)),
      cancel(users[0]!, ids[0]![0]!),
      cancel(users[1]!, ids[2]![1]!),
      cancel(users[2]!, randomUUID()),
    ];
    await untilWaiting(t, 'DOT-USDT', sends.length);
    hold.release();
    const answers = await Promise.all(sends);
    await hold.busy;

    expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers[4]!.statusCode).toBe(409);
    expect(answers[4]!.json().message).toBe(messages.orderNotOpen);
    expect(answers[5]!.json().message).toBe(messages.orderNotFound);
    expect(answers.slice(5).map((r) => r.statusCode)).toEqual([404, 404]);
    const open = await t.ctx.db.execute<{ id: string }>(
      sql`SELECT id::text AS id FROM orders WHERE market_id = 'DOT-USDT' AND status = 'open' ORDER BY id`,
    );
    expect(open.rows.map((r) => r.id)).toEqual(ids.map((mine) => mine[1]!).sort());
    // Each user's USDT holds only the buy still resting: 10 DOT at 1.1 plus the 0.2% fee.
    for (const user of users) {
      expect((await balances(t, user)).USDT).toEqual({ balance: '88.97800000', locked: '11.02200000' });
    }
    expect(t.trading.engine.market('DOT-USDT')?.book.orderCount).toBe(4);
    await expectLedgerConsistent(t.ctx.db);
  });
});
