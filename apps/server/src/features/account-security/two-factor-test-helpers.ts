import { expect } from 'vitest';
import type { ManualClock } from '../../platform/clock';
import type { TestApp } from '../../test/test-app';
import { currentTotp } from '../accounts/totp-codes';
import { post } from '../auth/auth-test-helpers';

export interface Enrolled {
  readonly secret: string;
  readonly recoveryCodes: string[];
}

/** Turns two-factor on for the caller through the API, as the Security page does. */
export async function enrolTwoFactor(t: TestApp, headers: Record<string, string>): Promise<Enrolled> {
  const enrol = await post(t, '/auth/2fa/enrol', {}, headers);
  expect(enrol.statusCode, enrol.body).toBe(200);
  const { secret } = enrol.json().data;
  const confirm = await post(t, '/auth/2fa/confirm', { code: await currentTotp(t.ctx, secret) }, headers);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: confirm.json().data.recovery_codes };
}

/** The authenticator's code of the next 30-second step (the last one was spent), the clock moved there. */
export async function nextTotp(t: TestApp, clock: ManualClock, secret: string): Promise<string> {
  clock.advance(30_000);
  return currentTotp(t.ctx, secret);
}
