import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { submitTestKyc } from '../kyc/kyc-test-helpers';
import { insertReferral } from './referrals.repository';

let t: TestApp;
let dataDir: string;
let admin: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'referral-kyc-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const approve = (userId: string, kycId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/verify-kyc',
    headers: admin.headers,
    payload: { user_id: userId, kyc_id: kycId, status: 'APPROVED' },
  });

describe("the admin's KYC approval pays the referral", () => {
  it('credits the referrer 10 USDT in the approval, once, and the referrer sees it', async () => {
    const referrer = await createTestUser(t, { name: 'Rita Referrer' });
    const referred = await createTestUser(t, { name: 'Fred Friend' });
    await insertReferral(t.ctx.db, {
      referrerId: referrer.id,
      referredId: referred.id,
      asset: 'USDT',
      amount: t.ctx.config.referralReward.amount,
      now: new Date(),
    });
    const kycId = await submitTestKyc(t, referred);

    const answers = await Promise.all([approve(referred.id, kycId), approve(referred.id, kycId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);

    const [row] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referred.id));
    expect(row!.status).toBe('SUCCESS');
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/v1/referal/getReferralByUser',
      headers: referrer.headers,
    });
    expect(summary.json().data).toEqual({ user_earned: '10.00', total_users_used: 1 });
    const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: referrer.headers });
    const usdt = wallet.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'USDT');
    expect(usdt.balance).toBe('10.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('approving a user nobody referred pays nothing and still succeeds', async () => {
    const loner = await createTestUser(t);
    const kycId = await submitTestKyc(t, loner);
    expect((await approve(loner.id, kycId)).statusCode).toBe(200);
    await expectLedgerConsistent(t.ctx.db);
  });
});
