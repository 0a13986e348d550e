import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { identityKeysOf } from '@exchange/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, kycRecords, referrals, uploads } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { insertReferral } from '../referrals/referrals.repository';
import { identityCandidatesQuery } from './identity-match.repository';
import { submitTestKyc } from './kyc-test-helpers';

let t: TestApp;
let dataDir: string;
let admin: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kyc-identity-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const post = (url: string, user: TestUser | null, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: user?.headers ?? {} });
const detailOf = async (kycId: string) => (await post('/admin/get-kyc', admin, { kycId })).json().data.data;
const approve = (user: TestUser, kycId: string, extra: object = {}) =>
  post('/admin/verify-kyc', admin, { user_id: user.id, kyc_id: kycId, status: 'APPROVED', ...extra });

/** A customer someone referred: their referrer earns 10 USDT when their KYC is approved. */
async function referredCustomer(): Promise<{ referrer: TestUser; referred: TestUser }> {
  const referrer = await createTestUser(t, { name: 'Rita Referrer' });
  const referred = await createTestUser(t, { name: 'Fred Farmer' });
  await insertReferral(t.ctx.db, {
    referrerId: referrer.id,
    referredId: referred.id,
    asset: 'USDT',
    amount: t.ctx.config.referralReward.amount,
    now: new Date(),
  });
  return { referrer, referred };
}

async function referralStatus(referredId: string) {
  const [row] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referredId));
  return row?.status;
}
async function usdtOf(user: TestUser): Promise<string | undefined> {
  const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
  return wallet.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'USDT')?.balance;
}
async function approvalAudit(userId: string) {
  const rows = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId));
  return rows.find((row) => row.action === 'KYC_APPROVED')?.details;
}

describe('the same document number on two accounts', () => {
  let first: TestUser;
  let firstKyc: string;
  beforeAll(async () => {
    first = await createTestUser(t, { name: 'First Holder' });
    firstKyc = await submitTestKyc(t, first, { number: 'ID 777-4242' });
  });

  it('flags the second submission, shows the reviewer the match, and its approval pays no reward', async () => {
    const { referrer, referred } = await referredCustomer();
    // Written differently, the same card.
    const kycId = await submitTestKyc(t, referred, { number: 'id7774242' });

    const detail = await detailOf(kycId);
    expect(detail.identity_matches).toEqual([
      {
        kyc_id: firstKyc,
        user: { _id: first.id, name: 'First Holder', email: first.email },
        status: 'PENDING',
        fields: ['document_number'],
      },
    ]);
    // The first submission matched nobody when it was made.
    expect((await detailOf(firstKyc)).identity_matches).toEqual([]);
    const list = await post('/admin/get-all-kyc', admin, { page: 1, limit: 10, search: referred.email });
    expect(list.json().data.data.content[0]).toMatchObject({ _id: kycId, identity_flagged: true });

    const res = await approve(referred, kycId);
    expect(res.statusCode).toBe(200);
    expect(await referralStatus(referred.id)).toBe('REJECTED');
    expect(await usdtOf(referrer)).toBe('0.00000000');
    expect(await approvalAudit(referred.id)).toEqual({
      kyc_id: kycId,
      identity_matches: [first.id],
      pay_referral_despite_match: false,
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('pays the reward when the admin confirms it despite the match, and the audit says so', async () => {
    const { referrer, referred } = await referredCustomer();
    const kycId = await submitTestKyc(t, referred, { number: 'ID-777-4242' });
    // The first holder, and the account approved in the test before.
    expect((await detailOf(kycId)).identity_matches).toHaveLength(2);

    const res = await approve(referred, kycId, { pay_referral_despite_match: true });
    expect(res.statusCode).toBe(200);
    expect(await referralStatus(referred.id)).toBe('SUCCESS');
    expect(await usdtOf(referrer)).toBe('10.00000000');
    expect(await approvalAudit(referred.id)).toMatchObject({ pay_referral_despite_match: true });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("once the other account's submission is rejected it no longer counts for new submissions", async () => {
    const holder = await createTestUser(t);
    const holderKyc = await submitTestKyc(t, holder, { number: 'RJ 100200' });
    const rejected = await post('/admin/verify-kyc', admin, {
      user_id: holder.id,
      kyc_id: holderKyc,
      status: 'REJECTED',
      reason: 'Not readable',
    });
    expect(rejected.statusCode).toBe(200);
    const other = await createTestUser(t);
    const kycId = await submitTestKyc(t, other, { number: 'RJ 100200' });
    expect((await detailOf(kycId)).identity_matches).toEqual([]);
    // The holder's own resubmission after the rejection repeats their identity: not a duplicate of
    // themselves, though it does match the other account that now holds the number.
    const again = await submitTestKyc(t, holder, { number: 'RJ 100200' });
    const matches = (await detailOf(again)).identity_matches;
    expect(matches.map((m: { user: { _id: string } }) => m.user._id)).toEqual([other.id]);
  });

  it('flags one of two accounts submitting the same number at the same moment', async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    const ids = await Promise.all([a, b].map((user) => submitTestKyc(t, user, { number: 'RACE 9090' })));
    const flagged = await Promise.all(ids.map(async (id) => (await detailOf(id)).identity_matches.length));
    expect(flagged.sort()).toEqual([0, 1]);
  });
});

describe('the other identity keys', () => {
  it('flags the same name with the same date of birth, written differently', async () => {
    const first = await createTestUser(t);
    const firstKyc = await submitTestKyc(t, first, {
      first_name: 'Nora',
      last_name: 'Quist',
      dob: '1985-03-04',
    });
    const { referrer, referred } = await referredCustomer();
    const kycId = await submitTestKyc(t, referred, {
      first_name: 'QUIST',
      last_name: 'nora',
      dob: '1985-03-04',
    });
    expect((await detailOf(kycId)).identity_matches).toMatchObject([
      { kyc_id: firstKyc, user: { email: first.email }, fields: ['name_dob'] },
    ]);
    // Born another day: someone else.
    const namesake = await createTestUser(t);
    const otherDay = await submitTestKyc(t, namesake, {
      first_name: 'Nora',
      last_name: 'Quist',
      dob: '1985-03-05',
    });
    expect((await detailOf(otherDay)).identity_matches).toEqual([]);

    expect((await approve(referred, kycId)).statusCode).toBe(200);
    expect(await referralStatus(referred.id)).toBe('REJECTED');
    expect(await usdtOf(referrer)).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('flags the same document image uploaded by another account, by its stored content hash', async () => {
    const colour = { r: 3, g: 141, b: 59 };
    const first = await createTestUser(t);
    const firstKyc = await submitTestKyc(t, first, { frontColour: colour });
    const second = await createTestUser(t);
    const kycId = await submitTestKyc(t, second, { frontColour: colour });
    expect((await detailOf(kycId)).identity_matches).toMatchObject([
      { kyc_id: firstKyc, user: { email: first.email }, fields: ['image'] },
    ]);
    const hashes = await t.ctx.db
      .select({ hash: uploads.contentSha256 })
      .from(uploads)
      .where(sql`${uploads.userId} in (${first.id}, ${second.id})`);
    expect(hashes.every((row) => /^[0-9a-f]{64}$/.test(row.hash ?? ''))).toBe(true);
    // Two uploads each (front and back), the two fronts alike: three distinct hashes.
    expect(new Set(hashes.map((row) => row.hash)).size).toBe(3);
  });

  it('an unflagged approval still pays the referral reward as before', async () => {
    const { referrer, referred } = await referredCustomer();
    const kycId = await submitTestKyc(t, referred);
    expect((await detailOf(kycId)).identity_matches).toEqual([]);
    expect((await approve(referred, kycId)).statusCode).toBe(200);
    expect(await referralStatus(referred.id)).toBe('SUCCESS');
    expect(await usdtOf(referrer)).toBe('10.00000000');
    expect(await approvalAudit(referred.id)).toEqual({ kyc_id: kycId });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('looks candidates up through the indexes, not by reading every submission', async () => {
    const keys = identityKeysOf({
      firstName: 'Nora',
      lastName: 'Quist',
      dob: '1985-03-04',
      documentNumbers: ['ID 777-4242'],
      imageHashes: ['a'.repeat(64)],
    });
    const query = identityCandidatesQuery(t.ctx.db, admin.id, keys);
    if (!query) throw new Error('a submission with keys has a lookup');
    const { sql: text, params } = query.toSQL();
    const rollback = new Error('rollback');
    let plan = '';
    // Thousands of open submissions, as in production, then the planner's statistics; all of it is
    // rolled back. On a handful of rows any plan reads the table whole.
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          WITH bulk AS (
            INSERT INTO users (name, email, country_code, mobile_no, password_hash, ref_code)
            SELECT 'Bulk ' || g, 'bulk-' || g || '@example.com', '1', '5550100', 'x', 'BULK' || g
            FROM generate_series(1, 5000) AS g
            RETURNING id, name
          )
          INSERT INTO kyc_records (user_id, first_name, last_name, mobile_no, country_code, dob, city,
            state, country, documents, status, document_keys, name_dob_key, image_hashes)
          SELECT id, name, 'Bulk', '5550100', '1', '1980-01-01', 'C', 'S', 'C', '[]'::jsonb, 'PENDING',
            ARRAY['BK' || md5(name)], lower(name) || '|1980-01-01', ARRAY[md5(name) || md5(name)]
          FROM bulk`);
        // Rows inserted in bulk wait in the GIN indexes' pending lists until autovacuum merges them;
        // merge them now, as a live server's would be, then gather the planner's statistics.
        await tx.execute(sql`SELECT gin_clean_pending_list('kyc_records_document_keys_idx')`);
        await tx.execute(sql`SELECT gin_clean_pending_list('kyc_records_image_hashes_idx')`);
        await tx.execute(sql`ANALYZE kyc_records`);
        const explained = await tx.execute(sql.raw(`EXPLAIN ${inline(text, params)}`));
        plan = explained.rows.map((row) => String((row as Record<string, unknown>)['QUERY PLAN'])).join('\n');
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(plan).toMatch(/kyc_records_document_keys_idx/);
    expect(plan).toMatch(/kyc_records_name_dob_idx/);
    expect(plan).toMatch(/kyc_records_image_hashes_idx/);
    expect(plan).not.toMatch(/Seq Scan on kyc_records/);
  });
});

describe('who may read the matches and confirm the reward', () => {
  let customer: TestUser;
  let kycId: string;
  beforeAll(async () => {
    const holder = await createTestUser(t);
    await submitTestKyc(t, holder, { number: 'AUTH 5151' });
    customer = await createTestUser(t);
    kycId = await submitTestKyc(t, customer, { number: 'AUTH 5151' });
  });

  it('answers the matches to admins only', async () => {
    expect((await post('/admin/get-kyc', null, { kycId })).statusCode).toBe(401);
    // The flagged customer, another customer without KYC and a KYC-verified customer are refused.
    expect((await post('/admin/get-kyc', customer, { kycId })).statusCode).toBe(403);
    expect((await post('/admin/get-kyc', await createTestUser(t), { kycId })).statusCode).toBe(403);
    expect((await post('/admin/get-kyc', await createTestUser(t, { kyc: true }), { kycId })).statusCode).toBe(
      403,
    );
    const res = await post('/admin/get-kyc', admin, { kycId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.identity_matches).toHaveLength(1);
    // The customer's own view of their KYC says nothing about other accounts.
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/kyc/', headers: customer.headers });
    expect(mine.json().data).not.toHaveProperty('identity_matches');
  });

  it('lets no one but an admin approve with the confirmation, and refuses a malformed one changing nothing', async () => {
    const body = {
      user_id: customer.id,
      kyc_id: kycId,
      status: 'APPROVED',
      pay_referral_despite_match: true,
    };
    expect((await post('/admin/verify-kyc', null, body)).statusCode).toBe(401);
    expect((await post('/admin/verify-kyc', customer, body)).statusCode).toBe(403);
    expect((await post('/admin/verify-kyc', await createTestUser(t, { kyc: true }), body)).statusCode).toBe(
      403,
    );
    const malformed = await post('/admin/verify-kyc', admin, { ...body, pay_referral_despite_match: 'yes' });
    expect(malformed.statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(kycRecords).where(eq(kycRecords.id, kycId));
    expect(row?.status).toBe('PENDING');
    expect((await post('/admin/verify-kyc', admin, body)).statusCode).toBe(200);
  });
});

/** Inlines a statement's parameters for EXPLAIN (test-only: the values are our own literals). */
function inline(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
}
