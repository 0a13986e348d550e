import { parseDecimal } from '@exchange/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';
import { createKey, signedInject, type TestKey } from './binance-api-test-helpers';

/**
 * A market maker (issue 48, point 5): ONE account placing and cancelling at once through several API
 * keys on four markets, so every round of the matching loop carries many of its commands on
 * different markets, all holding from the same USDT balance. Real PostgreSQL; ends with the ledger check.
 */
const MARKETS = [
  { symbol: 'XRPUSDT', quantity: '10', price: '0.2' },
  { symbol: 'BTCUSDT', quantity: '0.0001', price: '20000' },
  { symbol: 'ETHUSDT', quantity: '0.01', price: '200' },
  { symbol: 'DOTUSDT', quantity: '1', price: '2' },
] as const;

describe('one account trading at once on four markets through /api/v3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '100000', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '100000' },
    });
  });
  afterAll(async () => t?.close());

  const place = (key: TestKey, i: number) => {
    const m = MARKETS[i % MARKETS.length]!;
    return signedInject(t, key, 'POST', '/order', {
      symbol: m.symbol,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: m.quantity,
      price: m.price,
      newOrderRespType: 'ACK',
    });
  };
  const usdt = async (key: TestKey) => {
    const account = await signedInject(t, key, 'GET', '/account', {});
    const row = (account.body.balances as { asset: string; free: string; locked: string }[]).find(
      (b) => b.asset === 'USDT',
    );
    // In hundred-millionths, as bigint: money is never a JS number.
    const units = (text: string | undefined) => parseDecimal(text ?? '0', 8) ?? -1n;
    return { free: units(row?.free), locked: units(row?.locked) };
  };
  const keysOf = async (n: number, usdtFunds: string) => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', usdtFunds);
    const keys: TestKey[] = [];
    for (let i = 0; i < n; i += 1) keys.push(await createKey(t, user));
    return keys;
  };

  it('64 workers place and cancel through 4 keys: every command answered, every hold released', async () => {
    const keys = await keysOf(4, '10000');
    const worker = async (w: number) => {
      for (let round = 0; round < 3; round += 1) {
        const key = keys[w % keys.length]!;
        const placed = await place(key, w);
        expect(placed.status).toBe(200);
        const cancelled = await signedInject(t, key, 'DELETE', '/order', {
          symbol: MARKETS[w % MARKETS.length]!.symbol,
          orderId: placed.body.orderId,
        });
        expect(cancelled).toMatchObject({ status: 200, body: { status: 'CANCELED' } });
      }
    };
    await Promise.all(Array.from({ length: 64 }, (_, w) => worker(w)));
    expect(await usdt(keys[0]!)).toEqual({ free: 10_000n * 10n ** 8n, locked: 0n });
    const open = await signedInject(t, keys[0]!, 'GET', '/openOrders', {});
    expect(open.body).toEqual([]);
    await expectLedgerConsistent(t.ctx.db);
  }, 120_000);

  it('orders on four markets at once never hold more than the one balance: the rest are refused', async () => {
    // Each order holds a little over 2 USDT: 41 USDT covers 20 of them and never 21.
    const keys = await keysOf(4, '41');
    const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => place(keys[i % keys.length]!, i)));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(20);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toMatchObject({ status: 400, body: { code: -2010 } });
    const { free, locked } = await usdt(keys[0]!);
    expect(free + locked).toBe(41n * 10n ** 8n);
    expect(locked >= 40n * 10n ** 8n).toBe(true);
    await expectLedgerConsistent(t.ctx.db);
  });
});
