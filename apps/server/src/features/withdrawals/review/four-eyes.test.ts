import { messages as m } from '@exchange/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, withdrawals } from '../../../db/schema';
import { ManualClock } from '../../../platform/clock';
import { FakePaypal } from '../../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/test-users';
import { paypalEnv } from '../../debts/debt-test-helpers';
import { loadUserBalances } from '../../ledger/ledger.repository';
import { createPayoutProvider } from '../usd-payouts/payout-provider';
import { sendUsdPayouts } from '../usd-payouts/send-usd-payouts';
import { call, customerWithUsd, mailTexts, withdrawUsd } from '../withdrawal-test-helpers';
import { approveWithdrawal } from './approve-withdrawal';

const paypal = new FakePaypal();
const clock = new ManualClock(new Date());
let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let cid: TestUser;

beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({
    env: {
      ...paypalEnv(paypal.url),
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      WITHDRAWAL_AUTO_APPROVE_BELOW_USD: '200',
      WITHDRAWAL_SECOND_APPROVAL_ABOVE_USD: '400',
      WITHDRAWAL_USD_PAYOUT_MS: '600000',
    },
    clock,
  });
  ann = await createTestUser(t, { role: 'ADMIN', name: 'Ann Admin' });
  ben = await createTestUser(t, { role: 'ADMIN', name: 'Ben Admin' });
  cid = await createTestUser(t, { role: 'ADMIN', name: 'Cid Admin' });
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

const approve = (admin: TestUser, id: string) =>
  call(t, 'POST', '/admin/withdrawals/approve', admin.headers, { withdrawal_id: id });
const payoutTick = () => sendUsdPayouts(t.ctx, createPayoutProvider(t.ctx));

async function rowOf(id: string) {
  const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row!;
}

async function auditOf(id: string) {
  const rows = await t.ctx.db.select().from(adminAuditLog);
  return rows
    .filter((r) => (r.details as { withdrawal?: string }).withdrawal === id)
    .map((r) => ({ action: r.action, adminId: r.adminId }));
}

async function queued(admin: TestUser, email: string) {
  const list = await call(t, 'POST', '/admin/withdrawals', admin.headers, { search: email });
  expect(list.statusCode, list.body).toBe(200);
  return list.json().data.content[0];
}

async function usd(userId: string) {
  const balances = await loadUserBalances(t.ctx.db, userId);
  const of = (kind: string) => balances.find((b) => b.asset === 'USD' && b.kind === kind)?.balance ?? 0n;
  return { available: of('AVAILABLE'), locked: of('LOCKED') };
}

describe('four eyes on a large withdrawal', () => {
  it('one approval is enough at or below the line', async () => {
    const dora = await customerWithUsd(t, 1000_00n);
    const { id } = await withdrawUsd(t, clock, dora, '300');
    expect(await queued(ann, dora.email)).toMatchObject({ approvals: 0, approvals_needed: 1 });
    const approved = await approve(ann, id);
    expect(approved.json()).toMatchObject({ message: m.withdrawalApproved, data: { status: 'APPROVED' } });
  });

  it('above it, the first approval waits for a second, different admin, and both are audited', async () => {
    const eve = await customerWithUsd(t, 1000_00n);
    const { id } = await withdrawUsd(t, clock, eve, '500');
    expect(await queued(ann, eve.email)).toMatchObject({ approvals: 0, approvals_needed: 2 });

    const first = await approve(ann, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: m.withdrawalFirstApproval,
      data: { status: 'PENDING_APPROVAL' },
    });
    expect(await queued(ben, eve.email)).toMatchObject({
      status: 'PENDING_APPROVAL',
      approvals: 1,
      approvals_needed: 2,
      first_approved_by_name: 'Ann Admin',
    });
    // Still in the queue: the payout job does not touch it.
    await payoutTick();
    expect((await rowOf(id)).status).toBe('PENDING_APPROVAL');
    expect(paypal.payouts.has(id)).toBe(false);

    const again = await approve(ann, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.withdrawalSameAdminSecondApproval);

    const second = await approve(ben, id);
    expect(second.json()).toMatchObject({ message: m.withdrawalApproved, data: { status: 'APPROVED' } });
    const listed = await queued(cid, eve.email);
    expect(listed).toMatchObject({
      approvals: 2,
      first_approved_by_name: 'Ann Admin',
      decided_by_name: 'Ben Admin',
    });
    expect(listed.decided_at).not.toBeNull();
    expect(await auditOf(id)).toEqual([
      { action: 'WITHDRAWAL_FIRST_APPROVAL', adminId: ann.id },
      { action: 'WITHDRAWAL_APPROVED', adminId: ben.id },
    ]);
    // The customer hears once, when it is approved for good.
    const mails = await mailTexts(t, eve.email);
    expect(mails.filter((text) => /approved/i.test(text))).toHaveLength(1);

    await payoutTick();
    await payoutTick();
    expect(await rowOf(id)).toMatchObject({
      status: 'COMPLETED',
      firstApprovedBy: ann.id,
      decidedBy: ben.id,
    });
    expect(await usd(eve.id)).toEqual({ available: 500_00n, locked: 0n });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a rejection after the first approval refunds it', async () => {
    const fay = await customerWithUsd(t, 1000_00n);
    const { id } = await withdrawUsd(t, clock, fay, '450');
    await approve(ann, id);
    const rejected = await call(t, 'POST', '/admin/withdrawals/reject', ann.headers, {
      withdrawal_id: id,
      reason: 'Not after all',
    });
    expect(rejected.json().data.status).toBe('REJECTED');
    expect(await usd(fay.id)).toEqual({ available: 1000_00n, locked: 0n });
    expect((await approve(ben, id)).statusCode).toBe(409);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('two admins approving at once, twice each: one first approval, one final, paid once', async () => {
    const gus = await customerWithUsd(t, 2000_00n);
    const { id } = await withdrawUsd(t, clock, gus, '800');
    const answers = await Promise.all([
      approve(ann, id),
      approve(ben, id),
      approve(ann, id),
      approve(ben, id),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409]);
    const audit = await auditOf(id);
    expect(audit.filter((a) => a.action === 'WITHDRAWAL_FIRST_APPROVAL')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'WITHDRAWAL_APPROVED')).toHaveLength(1);
    const row = await rowOf(id);
    expect(row.status).toBe('APPROVED');
    expect(row.firstApprovedBy).not.toBe(row.decidedBy);
    // Two payout runs at once send it once.
    await Promise.all([payoutTick(), payoutTick()]);
    await payoutTick();
    expect((await rowOf(id)).status).toBe('COMPLETED');
    const paid = [...paypal.payouts.values()].filter((p) => p.senderBatchId === id);
    expect(paid).toHaveLength(1);
    expect(await usd(gus.id)).toEqual({ available: 1200_00n, locked: 0n });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('after a first approval, two other admins at once: exactly one decides it', async () => {
    const hal = await customerWithUsd(t, 2000_00n);
    const { id } = await withdrawUsd(t, clock, hal, '900');
    await approve(ann, id);
    const answers = await Promise.all([approve(ben, id), approve(cid, id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const finals = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUserId, hal.id), eq(adminAuditLog.action, 'WITHDRAWAL_APPROVED')));
    expect(finals).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('an admin cannot approve their own withdrawal, whatever its size', async () => {
    const own = await customerWithUsd(t, 1000_00n);
    const { id } = await withdrawUsd(t, clock, own, '300');
    // The use case itself: the owner approving it as an admin would (their session is a customer's).
    await expect(approveWithdrawal(t.ctx, own.id, id)).rejects.toMatchObject({
      code: 'forbidden',
      message: m.withdrawalOwnApproval,
    });
    expect((await approve(ann, id)).json().data.status).toBe('APPROVED');
  });

  it('the approve route: anonymous 401, a customer 403', async () => {
    const ida = await customerWithUsd(t, 1000_00n);
    const { id } = await withdrawUsd(t, clock, ida, '500');
    expect((await call(t, 'POST', '/admin/withdrawals/approve', {}, { withdrawal_id: id })).statusCode).toBe(
      401,
    );
    expect((await approve(ida, id)).statusCode).toBe(403);
    expect((await rowOf(id)).firstApprovedBy).toBeNull();
  });
});
