import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAppContext, type ZodApi } from '../../platform/app-context';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { binanceClient, createKey, listen, type TestKey } from '../binance-api/binance-api-test-helpers';
import { fund } from '../trading/trading-test-helpers';
import { binanceProClient } from './binance-streams-test-helpers';

/**
 * Two server processes on one database (two apps, each with its own LISTEN connection): a bot takes
 * its REST snapshot from one and its depth stream from the other, and orders go through both. The
 * update ids are the market's sequence numbers, not a process's, so the book still syncs.
 */
describe('a book synced across two server processes', () => {
  let a: TestApp;
  let b: ZodApi;
  let baseA: string;
  let baseB: string;
  let key: TestKey;
  let bot: Awaited<ReturnType<typeof binanceProClient>> | undefined;

  beforeAll(async () => {
    a = await createTestApp();
    b = (await buildApp(createAppContext({ ...a.ctx }))).app;
    baseA = await listen(a);
    await b.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    const maker = await createTestUser(a, { kyc: true });
    await fund(a, maker, 'USDT', '10000');
    await fund(a, maker, 'BTC', '1');
    key = await createKey(a, maker);
  });
  afterAll(async () => {
    await bot?.close();
    await b?.close();
    await a?.close();
  });

  it("holds the book GET /api/v3/depth answers on either process, from A's snapshot and B's stream", async () => {
    bot = await binanceProClient(baseA, undefined, baseB);
    await bot.watchOrderBook('BTC/USDT');
    const onA = binanceClient(baseA, key);
    const onB = binanceClient(baseB, key);
    const first = await onA.createOrder('BTC/USDT', 'limit', 'buy', 0.002, 58_000);
    await onB.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 58_500);
    await onA.createOrder('BTC/USDT', 'limit', 'sell', 0.003, 62_000);
    await onB.cancelOrder(String(first.id), 'BTC/USDT');
    await onB.createOrder('BTC/USDT', 'limit', 'sell', 0.001, 61_000);

    type Book = { nonce?: number; bids: number[][]; asks: number[][] };
    const depthOf = async (base: string) =>
      (await fetch(`${base}/api/v3/depth?symbol=BTCUSDT`)).json() as Promise<{
        lastUpdateId: number;
        bids: [string, string][];
        asks: [string, string][];
      }>;
    let restA = await depthOf(baseA);
    let restB = await depthOf(baseB);
    // B hears A's last batch a moment after A answered it.
    for (let i = 0; i < 20 && restB.lastUpdateId !== restA.lastUpdateId; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      restA = await depthOf(baseA);
      restB = await depthOf(baseB);
    }
    expect(restB).toEqual(restA);
    let book = bot.orderbooks['BTC/USDT'] as unknown as Book | undefined;
    const deadline = Date.now() + 5_000;
    while ((!book || (book.nonce ?? 0) < restA.lastUpdateId) && Date.now() < deadline)
      book = (await bot.watchOrderBook('BTC/USDT')) as unknown as Book;
    const pairs = (levels: number[][]) => [...levels].map(([p, q]) => [p, q]);
    const numbers = (levels: [string, string][]) => levels.map(([p, q]) => [Number(p), Number(q)]);
    expect(book?.nonce).toBe(restA.lastUpdateId);
    expect(pairs(book?.bids ?? [])).toEqual(numbers(restA.bids));
    expect(pairs(book?.asks ?? [])).toEqual(numbers(restA.asks));
    expect(pairs(book?.bids ?? [])).toEqual([[58_500, 0.001]]);
    await expectLedgerConsistent(a.ctx.db);
  });
});
