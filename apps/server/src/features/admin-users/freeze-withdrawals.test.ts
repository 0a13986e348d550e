import { messages as m } from '@exchange/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, users, withdrawals } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { FakePaypal } from '../../platform/paypal/fake-paypal';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { post } from '../auth/auth-test-helpers';
import { paypalEnv } from '../debts/debt-test-helpers';
import { fund, limitOrder, place } from '../trading/trading-test-helpers';
import {
  call,
  customerWithUsd,
  freshTotp,
  mailedWithdrawalCode,
  mailTexts,
} from '../withdrawals/withdrawal-test-helpers';

/**
 * An admin freezes a customer's withdrawals (issue 46): coin and USD withdrawals and NFT send-outs are
 * refused, one already on its way is held for an admin, and trading stays on; the freeze and the
 * unfreeze are audited and mailed, as disabling an account is.
 */
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
    },
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

const freeze = (body: unknown, headers: Record<string, string> = admin.headers) =>
  post(t, '/admin/set-withdrawal-freeze', body, headers);

const requestUsd = async (customer: Awaited<ReturnType<typeof customerWithUsd>>, amount: string) =>
  call(t, 'POST', '/withdrawals', customer.headers, {
    asset: 'USD',
    amount,
    totp: await freshTotp(t, clock, customer.secret),
  });

describe('who may freeze withdrawals', () => {
  it('anonymous 401, a customer (KYC or not) 403, an admin 200; a reason is required to freeze', async () => {
    const target = await createTestUser(t);
    const customer = await createTestUser(t);
    const verified = await createTestUser(t, { kyc: true });
    const body = { userId: target.id, frozen: true, reason: 'Chargeback under review' };
    expect((await freeze(body, {})).statusCode).toBe(401);
    expect((await freeze(body, customer.headers)).statusCode).toBe(403);
    expect((await freeze(body, verified.headers)).statusCode).toBe(403);
    // A customer cannot unfreeze themselves either.
    expect((await freeze({ userId: customer.id, frozen: false }, customer.headers)).statusCode).toBe(403);
    const noReason = await freeze({ userId: target.id, frozen: true, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(m.adminActionReasonRequired);
    for (const bad of [{}, { userId: 'x', frozen: true, reason: 'r' }, { userId: target.id, frozen: 'yes' }])
      expect((await freeze(bad)).statusCode).toBe(400);
    const unknown = await freeze({ userId: '00000000-0000-4000-8000-000000000099', frozen: false });
    expect(unknown.statusCode).toBe(404);
    const ok = await freeze(body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      status: true,
      message: m.withdrawalsFrozenByAdmin,
      data: { withdrawals_frozen: true, reason: 'Chargeback under review' },
    });
  });
});

describe('a frozen customer', () => {
  it('is refused a withdrawal with a clear message, still trades, and withdraws again once unfrozen', async () => {
    const carol = await customerWithUsd(t, 500_00n);
    const frozen = await freeze({ userId: carol.id, frozen: true, reason: 'Chargeback under review' });
    expect(frozen.statusCode, frozen.body).toBe(200);

    const refused = await requestUsd(carol, '50');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'withdrawals_frozen', message: m.withdrawalsFrozen });
    expect(await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, carol.id))).toEqual([]);

    // Trading stays on: a limit order is placed and holds its funds.
    await fund(t, carol, 'USDT', '1000');
    const order = await place(t, carol, limitOrder('buy', '0.01', '50000'));
    expect(order.statusCode, order.body).toBe(200);

    // The admin page shows the freeze and its reason; the customer was told by mail.
    const details = (await post(t, '/admin/get-userDetails', { userId: carol.id }, admin.headers)).json()
      .data;
    expect(details.userData).toMatchObject({
      withdrawals_frozen: true,
      withdrawals_frozen_reason: 'Chargeback under review',
    });
    const mails = await mailTexts(t, carol.email);
    expect(mails.some((text) => text.includes('frozen') && text.includes('Chargeback under review'))).toBe(
      true,
    );

    const unfrozen = await freeze({ userId: carol.id, frozen: false });
    expect(unfrozen.json()).toMatchObject({
      message: m.withdrawalsUnfrozenByAdmin,
      data: { withdrawals_frozen: false, reason: null },
    });
    expect((await requestUsd(carol, '50')).statusCode).toBe(200);
    expect((await mailTexts(t, carol.email)).some((text) => text.includes('unfrozen'))).toBe(true);

    const audit = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUserId, carol.id)))
      .orderBy(adminAuditLog.createdAt);
    expect(audit.map((line) => [line.action, line.details])).toEqual([
      ['WITHDRAWALS_FROZEN', { reason: 'Chargeback under review' }],
      ['WITHDRAWALS_UNFROZEN', { reason: 'Chargeback under review' }],
    ]);
  });

  it('holds a withdrawal requested before the freeze for an admin when it is confirmed', async () => {
    const dave = await customerWithUsd(t, 100_00n);
    const requested = await requestUsd(dave, '20');
    expect(requested.statusCode, requested.body).toBe(200);
    const id = requested.json().data._id as string;
    const code = await mailedWithdrawalCode(t, dave.email);
    await freeze({ userId: dave.id, frozen: true, reason: 'Account takeover suspected' });
    const confirmed = await call(t, 'POST', '/withdrawals/confirm', dave.headers, {
      withdrawal_id: id,
      code,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe('PENDING_APPROVAL');
    expect(row?.heldReason).toContain('withdrawals_frozen');

    // Its own URL in the back office reads it by id, whatever its status (admins only).
    const one = await call(t, 'POST', '/admin/withdrawals', admin.headers, { id });
    expect(one.json().data).toMatchObject({ total: 1 });
    expect(one.json().data.content[0]).toMatchObject({ _id: id, status: 'PENDING_APPROVAL' });
    expect(one.json().data.content[0].held_reason ?? '').toContain('frozen');
    expect((await call(t, 'POST', '/admin/withdrawals', admin.headers, { id: 'nope' })).statusCode).toBe(400);
    expect((await call(t, 'POST', '/admin/withdrawals', dave.headers, { id })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/admin/withdrawals', {}, { id })).statusCode).toBe(401);
  });
});

describe('disabling an account', () => {
  it('needs a reason, mails it to the customer, and is refused for oneself', async () => {
    const erin = await createTestUser(t, { name: 'Erin Disabled' });
    const disabled = await post(
      t,
      '/admin/set-user-status',
      { userId: erin.id, status: 'DISABLED', reason: 'Identity fraud' },
      admin.headers,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await mailTexts(t, erin.email)).some((text) => text.includes('Identity fraud'))).toBe(true);
    const self = await post(
      t,
      '/admin/set-user-status',
      { userId: admin.id, status: 'DISABLED', reason: 'Testing' },
      admin.headers,
    );
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(m.cannotDisableSelf);
    const [me] = await t.ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(me?.status).toBe('ACTIVE');
  });
});
