import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, signInAs } from '../../test/test-users';
import { currentTotp } from '../accounts/totp-codes';
import { bearer, logIn, PASSWORD, post, ROOMY_LIMITS, registerVerified } from '../auth/auth-test-helpers';
import { enrolTwoFactor } from './two-factor-test-helpers';

/**
 * An admin with two-factor on uses the back-office only from a sign-in that passed it (the session's
 * two_factor_passed): a sign-in made before the factor existed, or one without a recorded session,
 * is refused on admin routes with 403 totp_session_required, and keeps its customer routes.
 */
describe('admin routes need a sign-in that passed the admin two-factor', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
  });
  afterAll(async () => t.close());

  const adminRoute = (headers: Record<string, string>) =>
    post(t, '/admin/audit-log', { page: 1, limit: 10 }, headers);
  const session = (userId: string, id: string, twoFactorPassed: boolean) =>
    t.ctx.db
      .insert(userSessions)
      .values({ id, userId, device: 'Test', network: '192.0.2.0/24', twoFactorPassed });

  it('lets the enrolling sign-in in, and refuses a sign-in that did not pass two-factor', async () => {
    const admin = await createTestUser(t, { role: 'ADMIN' });
    await session(admin.id, admin.sessionId, false);
    // Without two-factor, the password's sign-in is enough (outside production).
    expect((await adminRoute(admin.headers)).statusCode).toBe(200);

    await enrolTwoFactor(t, admin.headers);
    // The sign-in that turned it on proved the code: it keeps the back-office.
    expect((await adminRoute(admin.headers)).statusCode).toBe(200);

    // A later sign-in that did not pass it (recorded as such, or with no session row at all).
    const unproved = await signInAs(t, admin.id, 'ADMIN');
    await session(admin.id, unproved.sessionId, false);
    const refused = await adminRoute(unproved.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'totp_session_required' });
    const unrecorded = await signInAs(t, admin.id, 'ADMIN');
    expect((await adminRoute(unrecorded.headers)).statusCode).toBe(403);
    // Its own account's routes stay open.
    expect((await post(t, '/auth/2fa/status', {}, unproved.headers)).statusCode).toBe(200);

    const proved = await signInAs(t, admin.id, 'ADMIN');
    await session(admin.id, proved.sessionId, true);
    expect((await adminRoute(proved.headers)).statusCode).toBe(200);
  });

  it('an admin who signs in with the code gets the back-office; the enrolling sign-in kept it', async () => {
    const email = 'ops-2fa@example.com';
    await registerVerified(t, email);
    await t.ctx.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, email));
    const first = bearer((await logIn(t, email)).accessToken);
    const { secret } = await enrolTwoFactor(t, first);
    expect((await adminRoute(first)).statusCode).toBe(200);
    clock.advance(30_000);
    const signedIn = await post(t, '/auth/login', {
      email,
      password: PASSWORD,
      totp: await currentTotp(t.ctx, secret),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await adminRoute(bearer(signedIn.json().token))).statusCode).toBe(200);
  });

  it('a customer is refused the back-office as before, two-factor or not', async () => {
    const customer = await createTestUser(t);
    await session(customer.id, customer.sessionId, false);
    await enrolTwoFactor(t, customer.headers);
    expect((await adminRoute(customer.headers)).json()).toMatchObject({ code: 'forbidden' });
    const [row] = await t.ctx.db.select().from(userSessions).where(eq(userSessions.id, customer.sessionId));
    expect(row?.twoFactorPassed).toBe(true);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, customer.id)))[0]?.role).toBe('USER');
  });
});
