import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { FakePaypal } from '../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { customerInDebt, paypalEnv } from '../debts/debt-test-helpers';
import { type Customer, customerWithUsd, withdrawUsd } from '../withdrawals/withdrawal-test-helpers';

const paypal = new FakePaypal();
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
let debtor: TestUser;
let saver: Customer;
let withdrawalId: string;

const post = (url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user?.headers ?? {}, payload });
const list = async (body: object) => {
  const res = await post('/admin/get-all-transaction', admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; content: Record<string, unknown>[] };
};

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
  admin = await createTestUser(t, { role: 'ADMIN' });
  // A PayPal deposit, a buy, the deposit charged back (a debt), and the debt written off.
  debtor = await createTestUser(t, { kyc: true, name: 'Dora Debtor' });
  await customerInDebt(t, debtor);
  const debts = await t.ctx.db.execute<{ id: string }>(
    sql`SELECT id::text FROM user_debts WHERE user_id = ${debtor.id} AND status = 'OPEN'`,
  );
  const settled = await post('/admin/debts/settle', admin, {
    debtId: debts.rows[0]!.id,
    method: 'WRITTEN_OFF',
    note: 'Dispute lost',
  });
  expect(settled.statusCode, settled.body).toBe(200);
  // A withdrawal waiting in the queue.
  saver = await customerWithUsd(t, 1000_00n);
  withdrawalId = (await withdrawUsd(t, clock, saver, '300')).id;
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

describe('the admin Transactions screen: every movement the ledger vouches for', () => {
  it("lists a customer's deposit, buy, reversal and written-off debt, each a journal entry's row", async () => {
    const rows = (await list({ search: debtor.email, orderBy: 'asc' })).content;
    expect(rows.map((r) => r.operation)).toEqual(['DEPOSIT', 'BUY', 'DEPOSIT_REVERSAL', 'DEBT_WRITTEN_OFF']);
    expect(rows[3]).toMatchObject({
      name: 'Dora Debtor',
      email: debtor.email,
      to: { currency_code: 'USD', amount: '30.03' },
      value_usd: '30.03',
      status: 'SUCCESS',
    });
    expect(rows[3]!.reference).toMatch(/^debt-settlement:/);
    // The BUY is valued at today's BTC price (60,000 USD in the tests): what left was USD.
    expect(rows[1]).toMatchObject({ from: { currency_code: 'USD' }, value_usd: '30.03' });
    const unvouched = await t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE entry_id IS NULL`,
    );
    expect(unvouched.rows[0]!.n).toBe(0);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('filters by kind, asset, status and date range, searches a reference, and sorts on the server', async () => {
    const withdrawals = await list({ kind: 'WITHDRAW' });
    expect(withdrawals).toMatchObject({ total: 1, content: [{ email: saver.email, status: 'PENDING' }] });
    expect(withdrawals.content[0]!.reference).toBe(`withdrawal:${withdrawalId}`);
    expect((await list({ asset: 'BTC' })).content.map((r) => r.operation)).toEqual(['BUY']);
    expect((await list({ status: 'PENDING' })).total).toBe(1);
    expect((await list({ status: 'PENDING', kind: 'BUY' })).total).toBe(0);
    expect((await list({ search: `withdrawal:${withdrawalId}` })).total).toBe(1);
    const today = clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).total).toBe(5);
    expect((await list({ from: tomorrow })).total).toBe(0);
    const byKind = await list({ sort: 'kind', order: 'asc' });
    const kinds = byKind.content.map((r) => String(r.operation));
    expect(kinds).toEqual([...kinds].sort());
    const paged = await list({ limit: 2, page: 3 });
    expect(paged).toMatchObject({ total: 5 });
    expect(paged.content).toHaveLength(1);
  });

  it('the dashboard counts the waiting withdrawal as pending and lists it', async () => {
    const res = await post('/admin/admin-dashboard', admin);
    const data = res.json().data;
    expect(data.totalPendingTransactionCount).toBe(1);
    expect(data.letestPEndingTransaction).toMatchObject([{ operation: 'WITHDRAW', email: saver.email }]);
  });

  it('exports the same filters as CSV, streamed by the server', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/get-all-transaction/export.csv?kind=DEBT_WRITTEN_OFF',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'created_utc,customer,email,kind,from_asset,from_amount,to_asset,to_amount,value_usd_now,status,reference,id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Dora Debtor,${debtor.email},DEBT_WRITTEN_OFF,,,USD,30.03,30.03,SUCCESS`);
  });

  it('is for admins only and refuses a bad filter with 400', async () => {
    const csv = '/api/v1/admin/get-all-transaction/export.csv';
    expect((await t.app.inject({ method: 'GET', url: csv })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: csv, headers: saver.headers })).statusCode).toBe(403);
    expect((await post('/admin/get-all-transaction', null, {})).statusCode).toBe(401);
    expect((await post('/admin/get-all-transaction', saver, {})).statusCode).toBe(403);
    expect((await post('/admin/get-all-transaction', admin, { kind: 'THEFT' })).statusCode).toBe(400);
    expect((await post('/admin/get-all-transaction', admin, { from: '1 May' })).statusCode).toBe(400);
    expect((await post('/admin/get-all-transaction', admin, { sort: 'email' })).statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: `${csv}?asset=XYZ`, headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});
