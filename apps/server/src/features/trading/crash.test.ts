import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCT_HOLD_SOURCES } from '../../hold-sources';
import { connect, type Database } from '../../platform/db';
import { freePort } from '../../platform/free-port';
import { startServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/verify-ledger';

let database: (Database & { url: string }) | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await database?.close();
});

describe('crash', () => {
  it('every acknowledged order survives a SIGKILL mid-stream and the ledger check passes after restart', async () => {
    database = await createTestDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    const first = await startServerProcess(database.url, port, { HOUSE_LIQUIDITY: 'off' });
    children.push(first);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alice@example.com', password: 'Alice@123456' }),
    });
    const token = (await login.json()).token as string;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    // Each order has its own quantity so an acknowledged one can be found again.
    const acknowledged: string[] = [];
    const stream = (async () => {
      for (let i = 0; i < 400; i += 1) {
        const quantity = `${10 + i}.0`;
        try {
          const res = await fetch(`${base}/wallet/limitorder/limitInstant/buy`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              market_id: 'XRP-USDT',
              crypto_currency_code: 'XRP',
              fiat_currency_code: 'USDT',
              quantity,
              type: 'limit',
              limitPrice: '0.1',
              side: 'buy',
            }),
          });
          if (res.status === 200) acknowledged.push(quantity);
        } catch {
          return;
        }
      }
    })();
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 5));
    first.kill('SIGKILL');
    await stream;
    await new Promise((r) =>
      first.exitCode !== null || first.signalCode !== null ? r(undefined) : first.once('exit', r),
    );

    const second = await startServerProcess(database.url, port, { HOUSE_LIQUIDITY: 'off' });
    children.push(second);
    const open = await fetch(`${base}/wallet/limitorder/market/get-user-open-order`, { headers });
    const quantities = new Set(((await open.json()).data as { quantity: string }[]).map((o) => o.quantity));
    for (const quantity of acknowledged) expect(quantities.has(quantity), quantity).toBe(true);
    const depth = await (await fetch(`${base}/market/depth/XRP-USDT`)).json();
    expect(depth.data.bids[0].price).toBe('0.10000');
    const checker = connect(database.url, { max: 1 });
    try {
      expect((await verifyLedger(checker.db, { holdSources: PRODUCT_HOLD_SOURCES })).breaches).toEqual([]);
    } finally {
      await checker.close();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    second.kill('SIGTERM');
  }, 120_000);
});
