import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { REDACTED_PATHS } from '../../platform/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bearer, logIn, PASSWORD, post, ROOMY_LIMITS, registerVerified } from '../auth/auth-test-helpers';
import { enrolTwoFactor, nextTotp } from './two-factor-test-helpers';

/** Two-factor's secrets (the TOTP secret, codes, recovery codes) never reach a log line. */
describe('two-factor and the logs', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
  });
  afterAll(async () => t.close());

  it('hold no secret, code or recovery code, through enrolment, sign-ins, wrong codes and turning it off', async () => {
    const email = 'quiet@example.com';
    await registerVerified(t, email);
    const headers = bearer((await logIn(t, email)).accessToken);
    const { secret, recoveryCodes } = await enrolTwoFactor(t, headers);
    const codes: string[] = [];
    const login = (extra: Record<string, string>) =>
      post(t, '/auth/login', { email, password: PASSWORD, ...extra });
    codes.push(await nextTotp(t, clock, secret));
    expect((await login({ totp: codes[0]! })).statusCode).toBe(200);
    expect((await login({ recovery_code: recoveryCodes[0]! })).statusCode).toBe(200);
    expect((await login({ recovery_code: recoveryCodes[0]! })).statusCode).toBe(401);
    codes.push(await nextTotp(t, clock, secret));
    expect((await post(t, '/auth/2fa/disable', { totp: codes[1]! }, headers)).statusCode).toBe(200);

    const log = t.logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const value of [secret, ...codes, ...recoveryCodes]) expect(log).not.toContain(value);
    for (const field of ['totp', 'recovery_code', 'recovery_codes']) expect(REDACTED_PATHS).toContain(field);
  });
});
