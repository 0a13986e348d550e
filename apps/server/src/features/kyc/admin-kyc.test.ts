import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@exchange/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox, users } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { submitTestKyc } from './kyc-test-helpers';

let t: TestApp;
let dataDir: string;
let admin: TestUser;
/** Users whose approval ran the test's approval effect, in order; 'fail-me' users make it throw. */
const effectCalls: string[] = [];
let failingUserId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'admin-kyc-test-'));
  t = await createTestApp({
    env: { DATA_DIR: dataDir },
    deps: {
      kycApprovalEffects: [
        async (tx: Tx, userId: string) => {
          // Runs inside the approval: it already sees the user verified.
          const [row] = await tx
            .select({ verified: users.isKycVerified })
            .from(users)
            .where(eq(users.id, userId));
          if (!row?.verified) throw new Error('effect ran before the user was verified');
          if (userId === failingUserId) throw new Error('reward failed');
          effectCalls.push(userId);
        },
      ],
    },
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const post = (url: string, user: TestUser | null, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: user?.headers ?? {} });
const verify = (user: TestUser | null, payload: object) => post('/admin/verify-kyc', user, payload);

async function isVerified(userId: string): Promise<boolean> {
  const [row] = await t.ctx.db.select({ v: users.isKycVerified }).from(users).where(eq(users.id, userId));
  return row?.v ?? false;
}
async function auditLinesFor(userId: string) {
  return t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId));
}
async function mailsTo(email: string) {
  return t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe('admin KYC routes are for admins only', () => {
  const routes: ReadonlyArray<[string, object]> = [
    ['/admin/get-all-kyc', { page: 1, limit: 10 }],
    ['/admin/get-kyc', { kycId: '00000000-0000-4000-8000-000000000000' }],
    [
      '/admin/verify-kyc',
      {
        user_id: '00000000-0000-4000-8000-000000000000',
        kyc_id: '00000000-0000-4000-8000-000000000000',
        status: 'APPROVED',
      },
    ],
  ];
  it.each(routes)('%s refuses anonymous callers, customers and KYC-verified customers', async (url, body) => {
    expect((await post(url, null, body)).statusCode).toBe(401);
    const customer = await createTestUser(t);
    expect((await post(url, customer, body)).statusCode).toBe(403);
    const verified = await createTestUser(t, { kyc: true });
    expect((await post(url, verified, body)).statusCode).toBe(403);
  });

  it('a customer cannot approve their own KYC', async () => {
    const customer = await createTestUser(t);
    const kycId = await submitTestKyc(t, customer);
    const res = await verify(customer, { user_id: customer.id, kyc_id: kycId, status: 'APPROVED' });
    expect(res.statusCode).toBe(403);
    expect(await isVerified(customer.id)).toBe(false);
  });
});

describe('approving and rejecting', () => {
  it('approval verifies the user, runs the approval effects in the same transaction, is audited and mailed', async () => {
    const customer = await createTestUser(t);
    const kycId = await submitTestKyc(t, customer);
    // Before approval the KYC-gated routes refuse the customer.
    const gated = () => post('/wallet/deposits/orders', customer, { amount: '10' });
    expect((await gated()).statusCode).toBe(403);

    const res = await verify(admin, { user_id: customer.id, kyc_id: kycId, status: 'APPROVED' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: messages.kycApproved,
      data: { status: true, kyc: { status: 'APPROVED' } },
    });
    expect(await isVerified(customer.id)).toBe(true);
    expect(effectCalls).toContain(customer.id);
    expect(await auditLinesFor(customer.id)).toMatchObject([
      { adminId: admin.id, action: 'KYC_APPROVED', details: { kyc_id: kycId } },
    ]);
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toEqual([messages.kycMailApprovedSubject]);
    expect((await gated()).statusCode).toBe(200);
    // The customer now reads APPROVED.
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/kyc/', headers: customer.headers });
    expect(mine.json().data.status).toBe('APPROVED');
  });

  it('a failing approval effect rolls the whole approval back', async () => {
    const customer = await createTestUser(t);
    const kycId = await submitTestKyc(t, customer);
    failingUserId = customer.id;
    const res = await verify(admin, { user_id: customer.id, kyc_id: kycId, status: 'APPROVED' });
    expect(res.statusCode).toBe(500);
    expect(await isVerified(customer.id)).toBe(false);
    expect(await auditLinesFor(customer.id)).toEqual([]);
    const detail = await post('/admin/get-kyc', admin, { kycId });
    expect(detail.json().data.data.status).toBe('PENDING');
    failingUserId = '';
  });

  it('rejection needs a reason, keeps the user unverified, and the customer reads the reason', async () => {
    const customer = await createTestUser(t);
    const kycId = await submitTestKyc(t, customer);
    const noReason = await verify(admin, { user_id: customer.id, kyc_id: kycId, status: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(messages.kycRejectReasonRequired);

    const res = await verify(admin, {
      user_id: customer.id,
      kyc_id: kycId,
      status: 'REJECTED',
      reason: 'Document is blurry',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.kycRejected);
    expect(await isVerified(customer.id)).toBe(false);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/kyc/', headers: customer.headers });
    expect(mine.json().data).toMatchObject({ status: 'REJECTED', reason: 'Document is blurry' });
    expect(await auditLinesFor(customer.id)).toMatchObject([
      { action: 'KYC_REJECTED', details: { reason: 'Document is blurry' } },
    ]);
    const [mail] = await mailsTo(customer.email);
    expect(mail?.text).toContain('Document is blurry');
    // A decided submission cannot be decided again.
    const again = await verify(admin, { user_id: customer.id, kyc_id: kycId, status: 'APPROVED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.kycAlreadyDecided);
  });

  it('refuses a KYC id that does not belong to the named user', async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    const kycId = await submitTestKyc(t, a);
    const res = await verify(admin, { user_id: b.id, kyc_id: kycId, status: 'APPROVED' });
    expect(res.statusCode).toBe(404);
    expect(await isVerified(a.id)).toBe(false);
    expect(await isVerified(b.id)).toBe(false);
  });

  it('20 admins deciding one submission at once make exactly one decision', async () => {
    const customer = await createTestUser(t);
    const kycId = await submitTestKyc(t, customer);
    const admins = await Promise.all(Array.from({ length: 4 }, () => createTestUser(t, { role: 'ADMIN' })));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verify(admins[i % admins.length] ?? admin, {
          user_id: customer.id,
          kyc_id: kycId,
          status: i % 2 === 0 ? 'APPROVED' : 'REJECTED',
          reason: 'Not readable',
        }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    for (const lost of answers.filter((a) => a.statusCode === 409))
      expect(lost.json().message).toBe(messages.kycAlreadyDecided);
    const decision = won[0]?.json().data.kyc.status;
    expect(await auditLinesFor(customer.id)).toHaveLength(1);
    expect(await mailsTo(customer.email)).toHaveLength(1);
    expect(await isVerified(customer.id)).toBe(decision === 'APPROVED');
  });

  it('the audit log cannot be rewritten', async () => {
    await expect(t.ctx.db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
  });
});

describe('listing and reading submissions', () => {
  let carol: TestUser;
  let carolKyc: string;
  beforeAll(async () => {
    carol = await createTestUser(t, { name: 'Carol Unique' });
    carolKyc = await submitTestKyc(t, carol);
  });

  it('pages on the server with the total and the pending count', async () => {
    const res = await post('/admin/get-all-kyc', admin, { page: 1, limit: 2 });
    expect(res.statusCode).toBe(200);
    const body = res.json().data.data;
    expect(body.content).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body).toMatchObject({ page: 1, limit: 2 });
    const [pending] = await t.ctx.db
      .execute<{ n: string }>(sql`select count(*)::text as n from kyc_records where status = 'PENDING'`)
      .then((r) => r.rows);
    expect(body.pending_count).toBe(Number(pending?.n));
    const second = (await post('/admin/get-all-kyc', admin, { page: 2, limit: 2 })).json().data.data;
    expect(second.content[0]._id).not.toBe(body.content[0]._id);
  });

  it("reads the spec client's payload, every field but search sent empty, as the defaults", async () => {
    const res = await post('/admin/get-all-kyc', admin, {
      page: '',
      limit: '',
      search: 'carol unique',
      orderBy: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(res.json().data.data.content.map((row: { _id: string }) => row._id)).toEqual([carolKyc]);
    const blank = await post('/admin/get-all-kyc', admin, { page: '', limit: '', search: '', orderBy: '' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().data.data).toMatchObject({ page: 1, limit: 10 });
    expect((await post('/admin/get-all-kyc', admin, { page: '0' })).statusCode).toBe(400);
  });

  it('filters by status on the server: the pending queue oldest first, decided ones kept out', async () => {
    const older = await submitTestKyc(t, await createTestUser(t, { name: 'Queue Older' }));
    const newer = await submitTestKyc(t, await createTestUser(t, { name: 'Queue Newer' }));
    const decidedUser = await createTestUser(t, { name: 'Queue Decided' });
    const decided = await submitTestKyc(t, decidedUser);
    const approve = await post('/admin/verify-kyc', admin, {
      kyc_id: decided,
      user_id: decidedUser.id,
      status: 'APPROVED',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const queue = async (status: string, orderBy: string) =>
      (await post('/admin/get-all-kyc', admin, { limit: 100, search: 'queue', status, orderBy })).json().data
        .data;
    const pending = await queue('PENDING', 'asc');
    expect(pending.content.map((row: { _id: string }) => row._id)).toEqual([older, newer]);
    expect(pending.total).toBe(2);
    const approved = await queue('APPROVED', 'desc');
    expect(approved.content.map((row: { _id: string; status: string }) => [row._id, row.status])).toEqual([
      [decided, 'APPROVED'],
    ]);
    expect((await queue('', 'desc')).total).toBe(3);
    expect((await post('/admin/get-all-kyc', admin, { status: 'MAYBE' })).statusCode).toBe(400);
  });

  it('searches by name, e-mail and phone number', async () => {
    for (const search of ['carol unique', carol.email.toUpperCase(), '5550123', '555 0123', 'Smith']) {
      const res = await post('/admin/get-all-kyc', admin, { page: 1, limit: 50, search });
      const ids = res.json().data.data.content.map((row: { _id: string }) => row._id);
      expect(ids).toContain(carolKyc);
    }
    const none = await post('/admin/get-all-kyc', admin, { page: 1, limit: 10, search: '%_nobody_%' });
    expect(none.json().data.data).toMatchObject({ content: [], total: 0 });
  });

  it('shows a list row with its user, and the detail with user_id as the user', async () => {
    const list = await post('/admin/get-all-kyc', admin, { page: 1, limit: 10, search: carol.email });
    expect(list.json().data.data.content[0]).toMatchObject({
      _id: carolKyc,
      user_id: carol.id,
      status: 'PENDING',
      user: { name: 'Carol Unique', email: carol.email },
      userdata: { email: carol.email },
    });
    const detail = await post('/admin/get-kyc', admin, { kycId: carolKyc });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.data).toMatchObject({
      _id: carolKyc,
      user_id: { _id: carol.id, email: carol.email, name: 'Carol Unique' },
      first_name: 'Carol',
      documents: [{ identifier: 'ID_CARD' }],
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(
      (await post('/admin/get-kyc', admin, { kycId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await post('/admin/get-kyc', admin, { kycId: "1' or '1'='1" })).statusCode).toBe(400);
  });
});

describe('an admin cannot decide their own KYC', () => {
  it('refuses the admin who submitted it, leaves it pending, and lets another admin approve it', async () => {
    const self = await createTestUser(t, { role: 'ADMIN' });
    const kycId = await submitTestKyc(t, self);
    const refused = await verify(self, { user_id: self.id, kyc_id: kycId, status: 'APPROVED' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: false,
      code: 'forbidden',
      message: messages.kycOwnReview,
    });
    expect(await isVerified(self.id)).toBe(false);
    const [pending] = await t.ctx.db
      .execute<{ status: string }>(sql`select status from kyc_records where id = ${kycId}`)
      .then((r) => r.rows);
    expect(pending?.status).toBe('PENDING');
    expect(await auditLinesFor(self.id)).toEqual([]);

    const approved = await verify(admin, { user_id: self.id, kyc_id: kycId, status: 'APPROVED' });
    expect(approved.statusCode).toBe(200);
    expect(await isVerified(self.id)).toBe(true);
  });
});
