import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { currentTotp } from '../accounts/totp-codes';
import { ROOMY_LIMITS } from '../auth/auth-test-helpers';
import { confirmTotpEnrolment, startTotpEnrolment } from './two-factor';

/**
 * Issue 46 point 6: an admin's password alone must not be enough to enrol a second factor in
 * production (a thief would enrol their own authenticator and own the back office). There an admin
 * is enrolled only by the operator's command (`npm run admin:totp`); a customer enrols from their
 * session as before, and so does the demo admin outside production.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
});
afterAll(async () => t.close());

const ctxIn = (env: 'production' | 'development'): AppContext => ({
  ...t.ctx,
  config: { ...t.ctx.config, env },
});
const refusal = (promise: Promise<unknown>) => promise.then(() => null).catch((error: unknown) => error);
const enabledAt = async (id: string) =>
  (await t.ctx.db.select({ at: users.totpEnabledAt }).from(users).where(eq(users.id, id)))[0]?.at ?? null;

describe('an admin first two-factor enrolment in production', () => {
  it('is refused from the admin own session (start and confirm), and nothing is stored', async () => {
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const started = await refusal(startTotpEnrolment(ctxIn('production'), admin.id));
    expect(started).toBeInstanceOf(AppError);
    expect((started as AppError).code).toBe('forbidden');
    const [row] = await t.ctx.db
      .select({ secret: users.totpSecret })
      .from(users)
      .where(eq(users.id, admin.id));
    expect(row?.secret).toBeNull();
    // A secret the operator started cannot be turned on from a session either.
    const enrolment = await startTotpEnrolment(ctxIn('production'), admin.id, 'operator');
    const code = await currentTotp(t.ctx, enrolment.secret);
    const confirmed = await refusal(confirmTotpEnrolment(ctxIn('production'), { userId: admin.id }, code));
    expect((confirmed as AppError).code).toBe('forbidden');
    expect(await enabledAt(admin.id)).toBeNull();
  });

  it('the operator command enrols the admin: start, then confirm with a code from the app', async () => {
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const enrolment = await startTotpEnrolment(ctxIn('production'), admin.id, 'operator');
    const code = await currentTotp(t.ctx, enrolment.secret);
    const codes = await confirmTotpEnrolment(ctxIn('production'), { userId: admin.id }, code, 'operator');
    expect(codes).toHaveLength(10);
    expect(await enabledAt(admin.id)).not.toBeNull();
  });

  it('a customer enrols from their session in production, and the demo admin does outside it', async () => {
    const customer = await createTestUser(t);
    await expect(startTotpEnrolment(ctxIn('production'), customer.id)).resolves.toHaveProperty('secret');
    const demo = await createTestUser(t, { role: 'ADMIN' });
    const enrolment = await startTotpEnrolment(ctxIn('development'), demo.id);
    const code = await currentTotp(t.ctx, enrolment.secret);
    await expect(confirmTotpEnrolment(ctxIn('development'), { userId: demo.id }, code)).resolves.toHaveLength(
      10,
    );
  });

  it('POST /auth/2fa/enrol outside production still lets the demo admin enrol from the back office', async () => {
    const demo = await createTestUser(t, { role: 'ADMIN' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/enrol', headers: demo.headers });
    expect(res.statusCode, res.body).toBe(200);
  });
});
