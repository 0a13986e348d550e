import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCT_HOLD_SOURCES } from '../../hold-sources';
import { connect, type Database } from '../../platform/db';
import { exited, startServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-app';
import { connectTestSocket } from '../../test/ws-client';
import { verifyLedger } from '../ledger/verify-ledger';

// Ports assigned to this suite's processes (loopback only).
const PORT_A = 4360;
const PORT_B = 4361;
const FAST_JOBS = { HOUSE_LIQUIDITY: 'on', HOUSE_LIQUIDITY_INTERVAL_MS: '500', PRICE_TICK_MS: '500' };

let database: (Database & { url: string }) | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.close();
});

async function leads(port: number, job: string): Promise<boolean> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text.includes(`exchange_job_leader{job="${job}"} 1`);
}

async function login(port: number): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'alice@example.com', password: 'Alice@123456' }),
  });
  const token = (await res.json()).token as string;
  return { 'content-type': 'application/json', authorization: `Bearer ${token}` };
}

/** A marketable buy of XRP against the house's ask; resolves with the HTTP status. */
async function buy(port: number, headers: Record<string, string>, quantity: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/wallet/limitorder/limitInstant/buy`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      market_id: 'XRP-USDT',
      crypto_currency_code: 'XRP',
      fiat_currency_code: 'USDT',
      quantity,
      type: 'limit',
      limitPrice: '1.5',
      side: 'buy',
    }),
  });
  return res.status;
}

describe('two server processes on one database', () => {
  it('fan out live updates, and the survivor takes over the jobs when the leader is killed', async () => {
    database = await createTestDatabase();
    const a = await startServerProcess(database.url, PORT_A, FAST_JOBS);
    children.push(a);
    const b = await startServerProcess(database.url, PORT_B, FAST_JOBS);
    children.push(b);
    expect(await leads(PORT_A, 'price-feed')).toBe(true);
    expect(await leads(PORT_A, 'house-liquidity')).toBe(true);
    expect(await leads(PORT_B, 'house-liquidity')).toBe(false);

    // A socket on B sees the depth an order on A changed: NOTIFY reaches every process.
    const socket = await connectTestSocket(`ws://127.0.0.1:${PORT_B}/api/v1/ws`);
    socket.send({ op: 'subscribe', channel: 'depth:XRP-USDT' });
    const headersA = await login(PORT_A);
    const headersB = await login(PORT_B);
    const acknowledged: string[] = [];
    let n = 0;
    const order = async (port: number, headers: Record<string, string>) => {
      n += 1;
      const quantity = `${10 + n}.0`;
      try {
        if ((await buy(port, headers, quantity)) === 200) acknowledged.push(quantity);
      } catch {
        // The killed process drops its connections: such an order is not acknowledged.
      }
    };
    for (let i = 0; i < 10; i += 1) await Promise.all([order(PORT_A, headersA), order(PORT_B, headersB)]);
    await socket.next((frame) => frame.channel === 'depth:XRP-USDT', 5_000);
    await socket.close();

    a.kill('SIGKILL');
    const killedAt = Date.now();
    await exited(a);
    for (let i = 0; i < 10; i += 1) await order(PORT_B, headersB);
    while (!(await leads(PORT_B, 'house-liquidity')) || !(await leads(PORT_B, 'price-feed'))) {
      expect(Date.now() - killedAt).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // After the take-over the house quotes again from B: more orders fill.
    for (let i = 0; i < 5; i += 1) await order(PORT_B, headersB);

    const checker = connect(database.url, { max: 1 });
    try {
      const rows = await checker.db.execute<{ quantity: string; filled: string; traded: string }>(sql`
        select o.quantity_lots::text as quantity, o.filled_lots::text as filled,
          coalesce((select sum(t.quantity_lots) from trades t where t.taker_order_id = o.id or t.maker_order_id = o.id), 0)::text as traded
        from orders o join users u on u.id = o.user_id where u.email = 'alice@example.com'`);
      // No lost order: every acknowledged one is stored; no duplicated fill: an order's trades add up
      // to its filled quantity, never past its size.
      expect(rows.rows.length).toBeGreaterThanOrEqual(acknowledged.length);
      for (const row of rows.rows) {
        expect(row.traded).toBe(row.filled);
        expect(BigInt(row.filled) <= BigInt(row.quantity)).toBe(true);
      }
      expect(rows.rows.some((row) => row.filled !== '0')).toBe(true);
      expect((await verifyLedger(checker.db, { holdSources: PRODUCT_HOLD_SOURCES })).breaches).toEqual([]);
    } finally {
      await checker.close();
    }
    b.kill('SIGTERM');
    expect(await exited(b)).toBe(0);
  }, 180_000);
});
