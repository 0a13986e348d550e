import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { kycRecords, users } from '../../db/schema';
import {
  codeIn,
  mailsTo,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  signupBody,
  userRow,
} from '../../features/auth/auth-test-helpers';
import { kycRequest, uploadKycImage } from '../../features/kyc/kyc-test-helpers';
import { balances } from '../../features/trading/trading-test-helpers';
import { createTestApp, type TestApp } from '../test-app';
import { createTestUser } from '../test-users';
import { httpApiRoutes } from './callers';

/**
 * The contracts' convention: request objects are plain `z.object`s, which drop keys they do not
 * name before the handler sees the body. So a client can send anything, but only named fields reach
 * a use case. These tests hold the convention to its promise for the fields that matter most: role,
 * KYC verification, balances and account status are never set by a client.
 */
const PRIVILEGED = {
  role: 'ADMIN',
  user_role: 'ADMIN',
  is_kyc_verified: true,
  isKycVerified: true,
  balance: '1000000',
  balances: { USD: '1000000' },
  status: 'DISABLED',
  email_verified_at: '2020-01-01T00:00:00Z',
  emailVerifiedAt: '2020-01-01T00:00:00Z',
  _id: '00000000-0000-4000-8000-000000000000',
  id: '00000000-0000-4000-8000-000000000000',
  user_id: '00000000-0000-4000-8000-000000000000',
};
const withPrivileged = (body: Record<string, unknown>) => ({ ...body, ...PRIVILEGED });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
});
afterAll(async () => {
  await t?.close();
});

describe('mass assignment', () => {
  it('no request body a non-admin can send names a privileged field or whose account it is', () => {
    // A customer's request acts for the signed-in user only: a body that named a user id would invite
    // a handler to read it (the spec's client sends user_id on stakes; the schema drops it unread).
    const names = new Set([
      'role',
      'user_role',
      'is_kyc_verified',
      'isKycVerified',
      'balance',
      'status',
      'user_id',
      'userId',
    ]);
    const offenders: string[] = [];
    let seen = 0;
    for (const route of httpApiRoutes(t.routes)) {
      const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
      if (!body || route.access === 'admin') continue;
      const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
      };
      if (json.properties) seen += 1;
      for (const key of Object.keys(json.properties ?? {}))
        if (names.has(key)) offenders.push(`${route.method} ${route.url}: ${key}`);
    }
    expect(offenders).toEqual([]);
    // The scan is not vacuous: most bodies were read down to their fields.
    expect(seen).toBeGreaterThan(15);
  });

  it('sign-up ignores role, KYC, balance and status in the body', async () => {
    const email = 'mallory-signup@example.com';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: withPrivileged(signupBody(email)),
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const [mail] = await mailsTo(t, email);
    const verify = await post(t, '/otp/verify', {
      email,
      otp: codeIn(mail!.text),
      type: 'EMAIL_VERIFY',
      ...PRIVILEGED,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const row = await userRow(t, email);
    expect(row).toMatchObject({ role: 'USER', isKycVerified: false, status: 'ACTIVE' });
    expect(row!.id).not.toBe(PRIVILEGED._id);
    const login = await post(t, '/auth/login', { email, password: PASSWORD, ...PRIVILEGED });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const wallet = await balances(t, {
      id: row!.id,
      email,
      sessionId: '',
      headers: { authorization: `Bearer ${token}` },
    });
    for (const asset of Object.values(wallet)) expect(asset.balance).toMatch(/^0(\.0+)?$/);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/ledger/verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(admin.statusCode).toBe(403);
  });

  it('a profile update changes name, phone and country only', async () => {
    const user = await createTestUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/profile/updateProfile',
      headers: user.headers,
      payload: withPrivileged({
        name: 'Mallory Profile',
        mobile_no: '5550111',
        country_code: '44',
        email: 'admin@example.com',
        ref_code: 'STOLEN',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: 'Mallory Profile',
      role: 'USER',
      isKycVerified: false,
      status: 'ACTIVE',
      email: user.email,
    });
    expect(row!.refCode).not.toBe('STOLEN');
    expect(res.json().data).toMatchObject({ role: 'USER', is_kyc_verified: false, status: 'ACTIVE' });
  });

  it('a KYC submission is PENDING and verifies nobody, whatever the body says', async () => {
    const user = await createTestUser(t);
    const front = await uploadKycImage(t, user);
    const back = await uploadKycImage(t, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/create',
      headers: user.headers,
      payload: withPrivileged(kycRequest(front, back, { reason: 'pre-approved', approved_by: 'admin' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('PENDING');
    const [submission] = await t.ctx.db.select().from(kycRecords).where(eq(kycRecords.userId, user.id));
    expect(submission!.status).toBe('PENDING');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'USER', isKycVerified: false, status: 'ACTIVE' });
    const kycOnly = await t.app.inject({
      method: 'GET',
      url: '/api/v1/stake/options',
      headers: user.headers,
    });
    expect(kycOnly.statusCode).toBe(403);
  });

  it('a prototype-polluting body is refused with the envelope and changes no object of the process', async () => {
    const user = await createTestUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/create',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload:
        '{"subject":"x","description":"y","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'bad_request' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
