import { messages as m } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, users, withdrawals } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { FakePaypal } from '../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { customerInDebt, paypalEnv } from '../debts/debt-test-helpers';
import { loadUserBalances } from '../ledger/ledger.repository';
import { expireUnconfirmedWithdrawals } from './requests/expire-unconfirmed-withdrawals';
import { createPayoutProvider } from './usd-payouts/payout-provider';
import { sendUsdPayouts } from './usd-payouts/send-usd-payouts';
import {
  call,
  customerWithUsd,
  freshTotp,
  mailedWithdrawalCode,
  mailTexts,
  withdrawUsd,
} from './withdrawal-test-helpers';

const paypal = new FakePaypal();
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({
    env: {
      ...paypalEnv(paypal.url),
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      WITHDRAWAL_AUTO_APPROVE_BELOW_USD: '200',
      // The app's own payout job runs once at start, then 10 minutes out: the tests drive every tick.
      WITHDRAWAL_USD_PAYOUT_MS: '600000',
    },
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

async function usd(userId: string) {
  const balances = await loadUserBalances(t.ctx.db, userId);
  const of = (kind: string) => balances.find((b) => b.asset === 'USD' && b.kind === kind)?.balance ?? 0n;
  return { available: of('AVAILABLE'), locked: of('LOCKED') };
}

const payoutTick = () => sendUsdPayouts(t.ctx, createPayoutProvider(t.ctx));

async function statusOf(id: string) {
  const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row!;
}

describe('a USD withdrawal to PayPal', () => {
  it('holds the amount, mails a code, is approved at once below the limit and completes through Payouts', async () => {
    const alice = await customerWithUsd(t, 100_00n);
    const terms = await call(t, 'GET', '/withdrawals/terms?asset=USD', alice.headers);
    expect(terms.json().data).toMatchObject({
      destination: alice.email,
      minimum: '10.00',
      fee: '1.00',
      available: '100.00',
      two_factor_on: true,
    });
    const requested = await call(t, 'POST', '/withdrawals', alice.headers, {
      asset: 'USD',
      amount: '50',
      totp: await freshTotp(t, clock),
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().data).toMatchObject({
      status: 'REQUESTED',
      amount: '50.00',
      fee: '1.00',
      receive: '49.00',
    });
    expect(await usd(alice.id)).toEqual({ available: 50_00n, locked: 50_00n });
    const id = requested.json().data._id;
    const row = await statusOf(id);
    const code = await mailedWithdrawalCode(t, alice.email);
    // Only an HMAC of the code is stored.
    expect(row.confirmCodeHash).not.toContain(code);

    const confirmed = await call(t, 'POST', '/withdrawals/confirm', alice.headers, {
      withdrawal_id: id,
      code,
    });
    expect(confirmed.json()).toMatchObject({ status: true, data: { status: 'APPROVED' } });
    // One use: the same code again is refused.
    const again = await call(t, 'POST', '/withdrawals/confirm', alice.headers, { withdrawal_id: id, code });
    expect(again.statusCode).toBe(409);

    await payoutTick();
    // One tick submits it (SENT while PayPal answers PENDING), then asks again: PayPal reports it paid.
    expect((await statusOf(id)).sentAt).not.toBeNull();
    expect(paypal.payouts.get(id)).toMatchObject({ receiver: alice.email, value: '49.00', currency: 'USD' });
    // A later tick finds nothing left to send.
    await payoutTick();
    expect(await statusOf(id)).toMatchObject({
      status: 'COMPLETED',
      providerRef: paypal.payouts.get(id)!.batchId,
    });
    // A repeated submission with the same batch id would be the same payout: only one was made.
    expect([...paypal.payouts.keys()].filter((key) => key === id)).toHaveLength(1);
    expect(await usd(alice.id)).toEqual({ available: 50_00n, locked: 0n });
    expect(
      (await mailTexts(t, alice.email)).some((text) => text.includes('is complete: 49.00 USD was sent')),
    ).toBe(true);
    const list = await call(t, 'GET', '/withdrawals?page=1&limit=10', alice.headers);
    expect(list.json().data).toMatchObject({ total: 1, content: [{ _id: id, status: 'COMPLETED' }] });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('queues a large one for the admin; a rejection refunds, is audited and mailed', async () => {
    const bob = await customerWithUsd(t, 1000_00n);
    const { id, confirmed } = await withdrawUsd(t, clock, bob, '500');
    expect(confirmed.data.status).toBe('PENDING_APPROVAL');
    const queue = await call(t, 'POST', '/admin/withdrawals', admin.headers, {
      status: 'PENDING_APPROVAL',
      search: bob.email,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data).toMatchObject({
      total: 1,
      content: [{ _id: id, value_usd: '500.00', flags: ['unusual_size'], user: { email: bob.email } }],
    });
    const noReason = await call(t, 'POST', '/admin/withdrawals/reject', admin.headers, { withdrawal_id: id });
    expect(noReason.statusCode).toBe(422);
    const rejected = await call(t, 'POST', '/admin/withdrawals/reject', admin.headers, {
      withdrawal_id: id,
      reason: 'Please verify your PayPal account first',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'REJECTED',
      reason: 'Please verify your PayPal account first',
    });
    expect(await usd(bob.id)).toEqual({ available: 1000_00n, locked: 0n });
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, bob.id));
    expect(audit.map((a) => a.action)).toEqual(['WITHDRAWAL_REJECTED']);
    expect((await mailTexts(t, bob.email)).some((text) => text.includes('was rejected: Please verify'))).toBe(
      true,
    );
    // Decided once: approving it now is refused.
    const late = await call(t, 'POST', '/admin/withdrawals/approve', admin.headers, { withdrawal_id: id });
    expect(late.statusCode).toBe(409);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('sends an approved one from the queue', async () => {
    const carol = await customerWithUsd(t, 1000_00n);
    const { id } = await withdrawUsd(t, clock, carol, '300');
    const approved = await call(t, 'POST', '/admin/withdrawals/approve', admin.headers, {
      withdrawal_id: id,
    });
    expect(approved.json().data.status).toBe('APPROVED');
    await payoutTick();
    await payoutTick();
    expect(await statusOf(id)).toMatchObject({ status: 'COMPLETED', decidedBy: admin.id });
    expect(await usd(carol.id)).toEqual({ available: 700_00n, locked: 0n });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refunds a payout PayPal refuses and one PayPal returns', async () => {
    const dave = await customerWithUsd(t, 200_00n);
    const refused = await withdrawUsd(t, clock, dave, '67'); // 66.00 after the fee: refused
    const returned = await withdrawUsd(t, clock, dave, '78'); // 77.00 after the fee: returned
    expect(await usd(dave.id)).toEqual({ available: 55_00n, locked: 145_00n });
    await payoutTick();
    expect(await statusOf(refused.id)).toMatchObject({ status: 'FAILED' });
    expect((await statusOf(refused.id)).reason).toContain('Sender does not have sufficient funds');
    expect((await statusOf(returned.id)).sentAt).not.toBeNull();
    await payoutTick();
    expect(await statusOf(returned.id)).toMatchObject({
      status: 'FAILED',
      reason: 'PayPal refused the payout (RETURNED)',
    });
    expect(await usd(dave.id)).toEqual({ available: 200_00n, locked: 0n });
    expect((await mailTexts(t, dave.email)).filter((text) => text.includes('failed'))).toHaveLength(2);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('keeps a claimed one SENDING for the next tick while PayPal is down', async () => {
    const erin = await customerWithUsd(t, 100_00n);
    const { id } = await withdrawUsd(t, clock, erin, '20');
    paypal.down = true;
    await payoutTick();
    paypal.down = false;
    // Claimed before PayPal was asked: PayPal's silence is no refusal, and no admin may reject it now.
    expect(await statusOf(id)).toMatchObject({ status: 'SENDING' });
    await payoutTick();
    await payoutTick();
    expect(await statusOf(id)).toMatchObject({ status: 'COMPLETED' });
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('the customer', () => {
  it('cancels before approval and gets the amount back, but not once approved', async () => {
    const frank = await customerWithUsd(t, 1000_00n);
    const requested = await call(t, 'POST', '/withdrawals', frank.headers, {
      asset: 'USD',
      amount: '40',
      totp: await freshTotp(t, clock),
    });
    const id = requested.json().data._id;
    const cancelled = await call(t, 'POST', '/withdrawals/cancel', frank.headers, { withdrawal_id: id });
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect(await usd(frank.id)).toEqual({ available: 1000_00n, locked: 0n });
    const approved = await withdrawUsd(t, clock, frank, '30');
    const refused = await call(t, 'POST', '/withdrawals/cancel', frank.headers, {
      withdrawal_id: approved.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This withdrawal can no longer be cancelled');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('gets five tries at the mailed code and cannot use it after it expires', async () => {
    const gina = await customerWithUsd(t, 100_00n);
    const requested = await call(t, 'POST', '/withdrawals', gina.headers, {
      asset: 'USD',
      amount: '20',
      totp: await freshTotp(t, clock),
    });
    const id = requested.json().data._id;
    const code = await mailedWithdrawalCode(t, gina.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await call(t, 'POST', '/withdrawals/confirm', gina.headers, {
        withdrawal_id: id,
        code: wrong,
      });
      expect(res.json().message).toBe('The confirmation code is wrong');
    }
    const dead = await call(t, 'POST', '/withdrawals/confirm', gina.headers, { withdrawal_id: id, code });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().code).toBe('otp_expired');
    const second = await call(t, 'POST', '/withdrawals', gina.headers, {
      asset: 'USD',
      amount: '20',
      totp: await freshTotp(t, clock),
    });
    clock.advance(16 * 60_000);
    const late = await call(t, 'POST', '/withdrawals/confirm', gina.headers, {
      withdrawal_id: second.json().data._id,
      code: await mailedWithdrawalCode(t, gina.email),
    });
    expect(late.json().code).toBe('otp_expired');
    // The expired requests give their hold back without the customer cancelling them.
    expect(await usd(gina.id)).toEqual({ available: 60_00n, locked: 40_00n });
    expect(await expireUnconfirmedWithdrawals(t.ctx)).toBeGreaterThanOrEqual(2);
    expect(await statusOf(second.json().data._id)).toMatchObject({
      status: 'CANCELLED',
      reason: 'Not confirmed with the e-mailed code in time',
    });
    expect(await usd(gina.id)).toEqual({ available: 100_00n, locked: 0n });
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('refusals, each with a clear message and nothing changed', () => {
  it('refuses without two-factor, with a wrong code, below the minimum, past the balance', async () => {
    const noFactor = await customerWithUsd(t, 100_00n, { twoFactor: false });
    const res = await call(t, 'POST', '/withdrawals', noFactor.headers, { asset: 'USD', amount: '20' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'two_factor_required',
      message: 'Turn on two-factor authentication on the Security page before you withdraw',
    });
    const hank = await customerWithUsd(t, 100_00n);
    const wrongTotp = await call(t, 'POST', '/withdrawals', hank.headers, {
      asset: 'USD',
      amount: '20',
      totp: '000000',
    });
    // A wrong code is no sign of a lost session: 403 with the code's own message, never 401.
    expect(wrongTotp.statusCode).toBe(403);
    expect(wrongTotp.json()).toMatchObject({ code: 'totp_invalid', message: m.totpCodeWrong });
    const small = await call(t, 'POST', '/withdrawals', hank.headers, { asset: 'USD', amount: '9.99' });
    expect(small.json().message).toBe('The smallest withdrawal is 10.00 USD');
    const coin = await call(t, 'POST', '/withdrawals', hank.headers, { asset: 'ETH', amount: '1' });
    expect(coin.json().message).toBe('Withdrawals of this coin are Coming Soon ...');
    const bad = await call(t, 'POST', '/withdrawals', hank.headers, { asset: 'USD', amount: 'abc' });
    expect(bad.statusCode).toBe(400);
    const much = await call(t, 'POST', '/withdrawals', hank.headers, {
      asset: 'USD',
      amount: '100.01',
      totp: await freshTotp(t, clock),
    });
    expect(much.statusCode).toBe(422);
    expect(much.json().message).toBe('Insufficient amount');
    expect(await usd(hank.id)).toEqual({ available: 100_00n, locked: 0n });
    expect(await usd(noFactor.id)).toEqual({ available: 100_00n, locked: 0n });
  });

  it('refuses within 24 hours of a password change, then allows it', async () => {
    const ivy = await customerWithUsd(t, 100_00n);
    await t.ctx.db.update(users).set({ passwordChangedAt: clock.now() }).where(eq(users.id, ivy.id));
    const res = await call(t, 'POST', '/withdrawals', ivy.headers, {
      asset: 'USD',
      amount: '20',
      totp: await freshTotp(t, clock),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('security_cool_down');
    expect(res.json().message).toMatch(
      /^For your safety, withdrawals are paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    await t.ctx.db
      .update(users)
      .set({ passwordChangedAt: new Date(clock.now().getTime() - 25 * 3_600_000) })
      .where(eq(users.id, ivy.id));
    const { confirmed } = await withdrawUsd(t, clock, ivy, '20');
    // Still inside the week's review window: it waits for an admin.
    expect(confirmed.data.status).toBe('PENDING_APPROVAL');
  });

  it('refuses a customer with an open debt', async () => {
    const jack = await customerWithUsd(t, 0n);
    await customerInDebt(t, jack);
    const res = await call(t, 'POST', '/withdrawals', jack.headers, {
      asset: 'USD',
      amount: '10',
      totp: await freshTotp(t, clock),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('debt_open');
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('authorisation', () => {
  it('answers every route by who is asking', async () => {
    const owner = await customerWithUsd(t, 100_00n);
    const other = await customerWithUsd(t, 100_00n);
    const unverified = await customerWithUsd(t, 100_00n, { kyc: false });
    const disabled = await customerWithUsd(t, 100_00n);
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    const requested = await call(t, 'POST', '/withdrawals', owner.headers, {
      asset: 'USD',
      amount: '20',
      totp: await freshTotp(t, clock),
    });
    const id = requested.json().data._id;
    const body = { withdrawal_id: id, code: '123456' };
    for (const [method, url, payload] of [
      ['GET', '/withdrawals/terms?asset=USD', undefined],
      ['POST', '/withdrawals', { asset: 'USD', amount: '20' }],
      ['POST', '/withdrawals/confirm', body],
      ['GET', '/withdrawals', undefined],
      ['POST', '/withdrawals/cancel', { withdrawal_id: id }],
      ['POST', '/admin/withdrawals', {}],
      ['POST', '/admin/withdrawals/approve', { withdrawal_id: id }],
      ['POST', '/admin/withdrawals/reject', { withdrawal_id: id, reason: 'no' }],
    ] as const) {
      expect((await call(t, method, url, {}, payload)).statusCode, `anonymous ${url}`).toBe(401);
      expect(
        (await call(t, method, url, disabled.headers, payload)).statusCode,
        `disabled ${url}`,
      ).toBeGreaterThanOrEqual(401);
      expect(
        (await call(t, method, url, disabled.headers, payload)).statusCode,
        `disabled ${url}`,
      ).toBeLessThan(404);
      if (url.startsWith('/admin'))
        expect((await call(t, method, url, owner.headers, payload)).statusCode, `customer ${url}`).toBe(403);
    }
    // Unverified: the KYC-gated routes are refused; their own list and cancel stay open.
    expect(
      (await call(t, 'POST', '/withdrawals', unverified.headers, { asset: 'USD', amount: '20' })).json().code,
    ).toBe('kyc_required');
    expect((await call(t, 'GET', '/withdrawals/terms?asset=USD', unverified.headers)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/withdrawals', unverified.headers)).statusCode).toBe(200);
    // Another customer's withdrawal does not exist for them.
    expect((await call(t, 'POST', '/withdrawals/confirm', other.headers, body)).statusCode).toBe(404);
    expect(
      (await call(t, 'POST', '/withdrawals/cancel', other.headers, { withdrawal_id: id })).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/withdrawals', other.headers)).json().data.total).toBe(0);
    // The admin sees and decides it.
    const list = await call(t, 'POST', '/admin/withdrawals', admin.headers, { search: owner.email });
    expect(list.json().data.content[0]._id).toBe(id);
    expect(await statusOf(id)).toMatchObject({ status: 'REQUESTED' });
  });

  it('answers bad input 400 and changes nothing', async () => {
    const kim = await customerWithUsd(t, 100_00n);
    for (const [url, payload] of [
      ['/withdrawals/confirm', { withdrawal_id: 'not-a-uuid', code: '1' }],
      ['/withdrawals/cancel', {}],
      ['/withdrawals', { asset: 'USD', amount: { x: 1 } }],
    ] as const)
      expect((await call(t, 'POST', url, kim.headers, payload)).statusCode).toBe(400);
    const adminBad = await call(t, 'POST', '/admin/withdrawals', admin.headers, { orderBy: 'nonsense' });
    expect(adminBad.statusCode).toBe(400);
    expect(await usd(kim.id)).toEqual({ available: 100_00n, locked: 0n });
  });
});
