import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, userDebts } from '../../db/schema';
import { FakePaypal } from '../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, limitOrder, place } from '../trading/trading-test-helpers';
import { customerInDebt, instant, paypalDeposit, paypalEnv } from './debt-test-helpers';

const paypal = new FakePaypal();
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({ env: paypalEnv(paypal.url) });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

const post = (user: TestUser | null, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: user?.headers ?? {},
    payload: payload as object,
  });
const send = (from: TestUser, to: TestUser, amount: string, coin = 'ETH') =>
  post(from, '/p2p/transfer', { to_email: to.email, amount, from_crypto_currency_code: coin });
const swap = (user: TestUser, to = 'BTC') =>
  post(user, '/swap', { from_crypto_currency_code: 'ETH', to_crypto_currency_code: to, from_amount: '0.1' });
const multi = (user: TestUser) =>
  post(user, '/swap/multi', {
    from_crypto_currency_code: 'ETH',
    to_crypto_currency_code: 'MULTI',
    from_amount: '0.1',
  });
const restrictions = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/v1/wallet/restrictions', headers: user.headers });

async function debtsOf(user: TestUser) {
  return t.ctx.db.select().from(userDebts).where(eq(userDebts.userId, user.id));
}

/** What the users owe on open debts in the ledger (USER_DEBT) matches the open rows. */
async function expectReceivableMatchesOpenDebts() {
  const [row] = (
    await t.ctx.db.execute<{ balance: string | null; open: string | null }>(sql`
      SELECT (SELECT sum(balance)::text FROM ledger_accounts WHERE kind = 'USER_DEBT' AND asset = 'USD') AS balance,
             (SELECT coalesce(sum(amount), 0)::text FROM user_debts WHERE asset = 'USD' AND status = 'OPEN') AS open`)
  ).rows;
  expect(BigInt(row!.balance ?? '0')).toBe(-BigInt(row!.open ?? '0'));
}

describe('an open debt restricts the account', () => {
  it('refuses P2P sends, swaps, MULTI purchases and sells, changing nothing; buying still works; settling lifts it', async () => {
    const user = await createTestUser(t, { kyc: true });
    const friend = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    await fund(t, user, 'USDT', '100');
    await customerInDebt(t, user);
    expect(await debtsOf(user)).toMatchObject([{ status: 'OPEN', amount: '3003', reason: 'REVERSED' }]);
    const before = await balances(t, user);
    expect(before.USD!.balance).toBe('0.00');

    const refusals = [
      await send(user, friend, '0.1'),
      await swap(user),
      await multi(user),
      await instant(t, user, 'sell', '0.0001'),
      await place(t, user, limitOrder('sell', '0.0001', '70000')),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'debt_open',
        message:
          'Your account has an unpaid balance from a reversed deposit, so sending, swapping and selling are paused. Please contact support to settle it.',
      });
    }
    expect(await balances(t, user)).toEqual(before);
    expect((await balances(t, friend)).ETH!.balance).toBe('0.00000000');

    // Buying stays allowed: a limit BUY with USDT, and an instant buy after a new deposit.
    expect((await place(t, user, limitOrder('buy', '0.0001', '50000'))).statusCode).toBe(200);
    await paypalDeposit(t, user, '40.00');
    expect((await instant(t, user, 'buy', '0.0001')).statusCode).toBe(200);
    expect((await restrictions(user)).json().data).toEqual({
      debt_usd: '30.03',
      hold_days: 0,
      held_usd: '0.00',
    });

    // The admin sees the debt and collects it from the new USD.
    const listed = await post(admin, '/admin/debts', {
      page: 1,
      limit: 10,
      search: user.email,
      status: 'OPEN',
    });
    expect(listed.statusCode).toBe(200);
    const [item] = listed.json().data.content;
    expect(item).toMatchObject({
      amount: '30.03',
      status: 'OPEN',
      user: { email: user.email },
      reason: 'REVERSED',
    });
    const usdBefore = BigInt((await balances(t, user)).USD!.balance.replace('.', ''));
    const settled = await post(admin, '/admin/debts/settle', { debtId: item._id, method: 'COLLECTED' });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({
      message: 'Debt settled',
      data: { status: 'SETTLED', settlement: 'COLLECTED', settled_by: { email: admin.email } },
    });
    const usdAfter = BigInt((await balances(t, user)).USD!.balance.replace('.', ''));
    expect(usdBefore - usdAfter).toBe(3003n);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions',
      headers: user.headers,
    });
    expect(history.json().data[0]).toMatchObject({ operation: 'DEBT_COLLECTED', from: { amount: '30.03' } });
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user.id));
    expect(audit).toMatchObject([{ action: 'DEBT_COLLECTED', adminId: admin.id }]);
    expect((await restrictions(user)).json().data.debt_usd).toBeNull();

    // Settled twice: refused, nothing moves.
    const again = await post(admin, '/admin/debts/settle', { debtId: item._id, method: 'COLLECTED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('debt_already_settled');

    // The account is free again.
    expect((await send(user, friend, '0.1')).statusCode).toBe(200);
    expect((await swap(user)).statusCode).toBe(200);
    expect((await multi(user)).statusCode).toBe(200);
    expect((await instant(t, user, 'sell', '0.0001')).statusCode).toBe(200);
    expect((await place(t, user, limitOrder('sell', '0.0001', '70000'))).statusCode).toBe(200);
    await expectReceivableMatchesOpenDebts();
    await expectLedgerConsistent(t.ctx.db);
  });

  it('collects only what the balance covers, and writes a debt off only with a note, booked as a loss', async () => {
    const user = await createTestUser(t, { kyc: true });
    await customerInDebt(t, user);
    const [debt] = await debtsOf(user);
    const id = debt!.id.toString();

    const short = await post(admin, '/admin/debts/settle', { debtId: id, method: 'COLLECTED' });
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('debt_not_covered');
    const noNote = await post(admin, '/admin/debts/settle', {
      debtId: id,
      method: 'WRITTEN_OFF',
      note: '  ',
    });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().code).toBe('debt_note_required');
    expect(await debtsOf(user)).toMatchObject([{ status: 'OPEN' }]);

    const written = await post(admin, '/admin/debts/settle', {
      debtId: id,
      method: 'WRITTEN_OFF',
      note: 'Bank dispute lost; customer closed',
    });
    expect(written.statusCode).toBe(200);
    expect(written.json().data).toMatchObject({
      settlement: 'WRITTEN_OFF',
      note: 'Bank dispute lost; customer closed',
    });
    const [loss] = (
      await t.ctx.db.execute<{ balance: string }>(
        sql`SELECT sum(balance)::text AS balance FROM ledger_accounts WHERE kind = 'DEBT_WRITE_OFF' AND asset = 'USD'`,
      )
    ).rows;
    expect(BigInt(loss!.balance)).toBeLessThanOrEqual(-3003n);
    expect((await balances(t, user)).USD!.balance).toBe('0.00');
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user.id));
    expect(audit).toMatchObject([
      { action: 'DEBT_WRITTEN_OFF', details: { note: 'Bank dispute lost; customer closed' } },
    ]);
    await fund(t, user, 'ETH', '1');
    expect((await swap(user)).statusCode).toBe(200);
    await expectReceivableMatchesOpenDebts();
    await expectLedgerConsistent(t.ctx.db);
  });

  it('answers bad settlement input 4xx and an unknown debt 404, changing nothing', async () => {
    for (const body of [
      {},
      { debtId: 'abc', method: 'COLLECTED' },
      { debtId: '1', method: 'PAID' },
      { debtId: '-1', method: 'COLLECTED' },
      { debtId: '1', method: 'WRITTEN_OFF', note: 'x'.repeat(501) },
    ]) {
      expect((await post(admin, '/admin/debts/settle', body)).statusCode).toBe(400);
    }
    expect(
      (await post(admin, '/admin/debts/settle', { debtId: '999999999', method: 'COLLECTED' })).statusCode,
    ).toBe(404);
    expect((await post(admin, '/admin/debts', { page: 0 })).statusCode).toBe(400);
    expect((await post(admin, '/admin/debts', { status: 'PAID' })).statusCode).toBe(400);
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('the admin debt list', () => {
  it('pages, searches and filters on the server, newest first', async () => {
    const a = await createTestUser(t, { kyc: true, name: 'Debtor Quinta' });
    const b = await createTestUser(t, { kyc: true, name: 'Debtor Sexta' });
    await customerInDebt(t, a);
    await customerInDebt(t, b);
    const all = (await post(admin, '/admin/debts', { page: 1, limit: 1 })).json().data;
    expect(all.content).toHaveLength(1);
    expect(all.content[0].user.email).toBe(b.email);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const oldest = (await post(admin, '/admin/debts', { page: 1, limit: 100, orderBy: 'createdAt' })).json()
      .data;
    expect(
      oldest.content.findIndex((d: { user: { email: string } }) => d.user.email === a.email),
    ).toBeLessThan(oldest.content.findIndex((d: { user: { email: string } }) => d.user.email === b.email));
    const found = (await post(admin, '/admin/debts', { page: 1, limit: 10, search: 'quinta' })).json().data;
    expect(found.content.map((d: { user: { email: string } }) => d.user.email)).toEqual([a.email]);
    const mine = (await post(admin, '/admin/debts', { page: 1, limit: 10, userId: b.id })).json().data;
    expect(mine).toMatchObject({ total: 1, content: [{ user: { email: b.email } }] });
  });
});

describe('who may call the debt endpoints', () => {
  it('admin endpoints: anonymous 401, a customer (KYC or not) 403, an admin 200', async () => {
    const customer = await createTestUser(t);
    const verified = await createTestUser(t, { kyc: true });
    const calls = [
      ['/admin/debts', { page: 1, limit: 10 }],
      ['/admin/debts/settle', { debtId: '999999999', method: 'COLLECTED' }],
    ] as const;
    for (const [url, body] of calls) {
      expect((await post(null, url, body)).statusCode).toBe(401);
      expect((await post(customer, url, body)).statusCode).toBe(403);
      expect((await post(verified, url, body)).statusCode).toBe(403);
    }
    expect((await post(admin, '/admin/debts', { page: 1, limit: 10 })).statusCode).toBe(200);
    // An admin reaches the settlement (the debt is unknown, so 404, not 401/403).
    expect((await post(admin, '/admin/debts/settle', calls[1][1])).statusCode).toBe(404);
  });

  it("restrictions: anonymous 401; a user, with or without KYC, sees only their own; another user's debt is not theirs", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet/restrictions' })).statusCode).toBe(401);
    const debtor = await createTestUser(t, { kyc: true });
    await customerInDebt(t, debtor);
    const other = await createTestUser(t);
    expect((await restrictions(debtor)).json().data.debt_usd).toBe('30.03');
    const res = await restrictions(other);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.debt_usd).toBeNull();
    expect((await restrictions(admin)).json().data.debt_usd).toBeNull();
  });
});
