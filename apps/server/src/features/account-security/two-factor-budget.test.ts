import { messages as m } from '@exchange/contracts';
import { SECOND_FACTOR_BUDGET_WINDOW_MS, SECOND_FACTOR_WRONG_TRIES_PER_DAY } from '@exchange/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  bearer,
  logIn,
  mailsTo,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  registerVerified,
  userRow,
} from '../auth/auth-test-helpers';
import { enrolTwoFactor, nextTotp } from './two-factor-test-helpers';

/**
 * Wrong two-factor codes are budgeted per account per day, admins included: once the budget is spent
 * even the right code is refused until the day is over, and the owner gets one e-mail. Recovery codes
 * spend once, however many tries race with one.
 */

const WARNING_SUBJECT = 'Two-factor codes refused on your account';
const coolDown = { status: false, code: 'totp_cool_down', message: m.totpCoolDown };

describe("the day's budget of wrong two-factor codes", () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
  });
  afterAll(async () => t.close());

  const login = (email: string, extra: Record<string, string>) =>
    post(t, '/auth/login', { email, password: PASSWORD, ...extra });

  async function enrolled(email: string, role: 'USER' | 'ADMIN' = 'USER') {
    await registerVerified(t, email);
    if (role === 'ADMIN') await t.ctx.db.update(users).set({ role }).where(eq(users.email, email));
    return enrolTwoFactor(t, bearer((await logIn(t, email)).accessToken));
  }

  for (const role of ['USER', 'ADMIN'] as const) {
    it(`refuses even the right code after ${SECOND_FACTOR_WRONG_TRIES_PER_DAY} wrong ones (${role}), mails the owner once, and forgives the next day`, async () => {
      const email = `guess-${role.toLowerCase()}@example.com`;
      const { secret } = await enrolled(email, role);
      for (let i = 0; i < SECOND_FACTOR_WRONG_TRIES_PER_DAY; i += 1) {
        const wrong = await login(email, { totp: i % 2 ? '000000' : '999999' });
        expect(wrong.statusCode).toBe(401);
      }
      const refused = await login(email, { totp: await nextTotp(t, clock, secret) });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(coolDown);
      // Refused unread: more tries neither pass nor send another mail.
      expect((await login(email, { totp: '123456' })).json()).toEqual(coolDown);
      const warnings = (await mailsTo(t, email)).filter((mail) => mail.subject === WARNING_SUBJECT);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.text).toContain(`${SECOND_FACTOR_WRONG_TRIES_PER_DAY} wrong`);

      clock.advance(SECOND_FACTOR_BUDGET_WINDOW_MS);
      expect((await login(email, { totp: await nextTotp(t, clock, secret) })).statusCode).toBe(200);
    });
  }

  it('counts wrong recovery codes and wrong codes on the signed-in routes against the same budget', async () => {
    const email = 'mixed@example.com';
    const { secret, recoveryCodes: codes } = await enrolled(email);
    const headers = bearer((await login(email, { totp: await nextTotp(t, clock, secret) })).json().token);
    const half = SECOND_FACTOR_WRONG_TRIES_PER_DAY / 2;
    for (let i = 0; i < half; i += 1)
      expect((await login(email, { recovery_code: 'aaaaa-aaaaa' })).json()).toMatchObject({
        code: 'recovery_code_wrong',
      });
    for (let i = 0; i < half; i += 1)
      expect((await post(t, '/auth/2fa/disable', { totp: '000000' }, headers)).statusCode).toBe(403);
    expect((await login(email, { recovery_code: codes[0]! })).json()).toEqual(coolDown);
    const change = await post(
      t,
      '/auth/password/change',
      { current_password: PASSWORD, new_password: 'Moonrise#2027', totp: await nextTotp(t, clock, secret) },
      headers,
    );
    expect(change.json()).toEqual(coolDown);
    // Nothing changed: two-factor is still on and the password is the old one.
    expect((await userRow(t, email))?.totpEnabledAt).not.toBeNull();
  });

  it('a wrong password never reaches the code, so strangers cannot spend the budget', async () => {
    const email = 'stranger-target@example.com';
    const { secret } = await enrolled(email);
    for (let i = 0; i < SECOND_FACTOR_WRONG_TRIES_PER_DAY + 2; i += 1) {
      const res = await post(t, '/auth/login', { email, password: 'Wrong#2026', totp: '000000' });
      expect(res.json()).toMatchObject({ code: 'invalid_credentials' });
    }
    expect((await login(email, { totp: await nextTotp(t, clock, secret) })).statusCode).toBe(200);
  });

  it('spends a recovery code once when 20 sign-ins race with it', async () => {
    const email = 'racer@example.com';
    const { recoveryCodes: codes } = await enrolled(email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(email, { recovery_code: codes[3]! })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.statusCode !== 200))
      expect(['recovery_code_wrong', 'totp_cool_down']).toContain(res.json().code);
    const user = await userRow(t, email);
    const spent = await t.ctx.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user!.id), isNotNull(recoveryCodes.spentAt)));
    expect(spent).toHaveLength(1);
  });
});
