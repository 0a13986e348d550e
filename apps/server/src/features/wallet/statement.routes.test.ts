import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { FakePaypal } from '../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { paypalEnv } from '../debts/debt-test-helpers';
import { fund } from '../trading/trading-test-helpers';
import { createPayoutProvider } from '../withdrawals/usd-payouts/payout-provider';
import { sendUsdPayouts } from '../withdrawals/usd-payouts/send-usd-payouts';
import { customerWithUsd, withdrawUsd } from '../withdrawals/withdrawal-test-helpers';

const paypal = new FakePaypal();
const clock = new ManualClock(new Date());
let t: TestApp;

beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({
    env: {
      ...paypalEnv(paypal.url),
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      WITHDRAWAL_AUTO_APPROVE_BELOW_USD: '200',
      WITHDRAWAL_USD_PAYOUT_MS: '600000',
    },
    clock,
  });
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

const day = (offsetDays = 0) =>
  new Date(clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function statement(user: TestUser | null, from: string, to: string, csv = false) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/wallet/statement${csv ? '/export.csv' : ''}?from=${from}&to=${to}`,
    headers: user?.headers ?? {},
  });
}

type Asset = {
  asset: string;
  opening: string;
  closing: string;
  movements: { kind: string; amount: string; balance: string; time: string; reference: string | null }[];
};

async function walletTotals(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
  const totals: Record<string, string> = {};
  for (const c of res.json().data.wallet.currencies) totals[c.symbol] = addDecimals(c.balance, c.locked);
  return totals;
}

/** a + b for two decimal strings of one scale, through bigint. */
function addDecimals(a: string, b: string): string {
  const scale = (a.split('.')[1] ?? '').length;
  const minor = (text: string) => BigInt(text.replace('.', ''));
  const sum = (minor(a) + minor(b)).toString().padStart(scale + 1, '0');
  return scale ? `${sum.slice(0, -scale)}.${sum.slice(-scale)}` : sum;
}

describe('GET /wallet/statement', () => {
  it('answers 401 to anonymous callers, for the JSON and the file', async () => {
    expect((await statement(null, day(), day())).statusCode).toBe(401);
    expect((await statement(null, day(), day(), true)).statusCode).toBe(401);
  });

  it.each([
    ['2026-02-30', '2026-03-01', 'Please enter the dates as YYYY-MM-DD'],
    ['yesterday', '2026-03-01', 'Please enter the dates as YYYY-MM-DD'],
    ['2026-03-02', '2026-03-01', 'The start date must be on or before the end date'],
    ['2024-01-01', '2025-06-01', 'A statement covers at most 366 days'],
  ])('refuses %s to %s with 400: %s', async (from, to, message) => {
    const user = await createTestUser(t);
    for (const csv of [false, true]) {
      const res = await statement(user, from, to, csv);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'validation_failed', message });
    }
  });

  it('refuses a range ending in the future, and one without dates', async () => {
    const user = await createTestUser(t);
    const future = await statement(user, day(), day(1));
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The end date cannot be in the future');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/statement',
      headers: user.headers,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('a user without KYC gets an empty statement, not an error', async () => {
    const user = await createTestUser(t);
    const res = await statement(user, day(-30), day());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ from: day(-30), to: day(), assets: [] });
  });

  it('after a deposit, a trade and a withdrawal: opening + movements = closing, and closing = the wallet', async () => {
    const customer = await customerWithUsd(t, 100_000n); // 1,000.00 USD in, as a deposit books it
    await fund(t, customer, 'BTC', '0.01');
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/limitorder/limitInstant/buy',
      headers: customer.headers,
      payload: {
        crypto_currency_code: 'BTC',
        fiat_currency_code: 'USD',
        quantity: '0.001',
        type: 'instant',
        side: 'buy',
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    await withdrawUsd(t, clock, customer, '25');
    await sendUsdPayouts(t.ctx, createPayoutProvider(t.ctx));
    const other = await customerWithUsd(t, 5_000n);

    const res = await statement(customer, day(-1), day());
    expect(res.statusCode, res.body).toBe(200);
    const assets: Asset[] = res.json().data.assets;
    expect(assets.map((a) => a.asset)).toEqual(['BTC', 'USD']);
    const wallet = await walletTotals(customer);
    for (const asset of assets) {
      expect(asset.opening).toMatch(/^0\.0+$/);
      const last = asset.movements.at(-1);
      expect(last?.balance).toBe(asset.closing);
      // The ledger check vouches: the range ending now closes at what the wallet holds.
      expect(asset.closing).toBe(wallet[asset.asset]);
      for (const movement of asset.movements) expect(movement.time).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    }
    const usd = assets.find((a) => a.asset === 'USD')!;
    expect(usd.movements[0]).toMatchObject({ kind: 'TEST_FUNDING', amount: '1000.00', balance: '1000.00' });
    expect(usd.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['TEST_FUNDING', '1000.00'],
      ['INSTANT_BUY', expect.stringMatching(/^-\d+\.\d{2}$/)],
      ['WITHDRAWAL_PAYOUT', '-25.00'],
    ]);
    // Another user's movements never appear.
    expect(JSON.stringify(assets)).not.toContain('50.00');
    expect((await statement(other, day(-1), day())).json().data.assets).toHaveLength(1);

    // A range that ends before the money arrived shows nothing; one starting tomorrow-ish is refused.
    expect((await statement(customer, day(-10), day(-2))).json().data.assets).toEqual([]);

    const file = await statement(customer, day(-1), day(), true);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="statement-.+\.csv"$/);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('asset,time_utc,kind,reference,amount,balance');
    const usdLines = lines.filter((line) => line.startsWith('USD,'));
    expect(usdLines[0]).toMatch(/^USD,.+T00:00:00\.000Z,OPENING_BALANCE,,,0\.00$/);
    expect(usdLines.at(-1)).toBe(`USD,${day()}T23:59:59.999Z,CLOSING_BALANCE,,,${usd.closing}`);
    expect(usdLines).toHaveLength(usd.movements.length + 2);
    await expectLedgerConsistent(t.ctx.db);
  });
});
