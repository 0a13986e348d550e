import { randomUUID } from 'node:crypto';
import { systemAccount, userAccount } from '@exchange/domain';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import type { ManualClock } from '../../platform/clock';
import type { TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { transferFunds } from '../../test/transfer-funds';
import { currentTotp } from '../accounts/totp-codes';
import { sealTotpSecret } from '../accounts/totp-secret-box';

/** A fixed base32 secret: the tests compute its codes as the authenticator app would. */
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface Customer extends TestUser {
  readonly secret: string;
}

/**
 * A KYC-verified customer with two-factor on since ten days (past the cool-down and the review window) and `usd` on the
 * balance, paid in from the payment provider's clearing account as a deposit is.
 */
export async function customerWithUsd(
  t: TestApp,
  usd: bigint,
  options: { twoFactor?: boolean; kyc?: boolean } = {},
): Promise<Customer> {
  const user = await createTestUser(t, { kyc: options.kyc ?? true });
  if (options.twoFactor ?? true) {
    await t.ctx.db
      .update(users)
      .set({
        totpSecret: sealTotpSecret(t.ctx.config, user.id, SECRET),
        totpEnabledAt: new Date(t.ctx.clock.now().getTime() - 10 * 86_400_000),
      })
      .where(eq(users.id, user.id));
  }
  if (usd > 0n) {
    const funded = await transferFunds(t.ctx.db, {
      from: systemAccount('PAYMENT_CLEARING', 'USD'),
      to: userAccount(user.id, 'USD'),
      amount: usd,
      kind: 'TEST_FUNDING',
      reference: `test:fund:${randomUUID()}`,
      userId: user.id,
    });
    expect(funded.ok).toBe(true);
  }
  return { ...user, secret: SECRET };
}

/** The authenticator's code of the next 30-second step (each step's code counts once). */
export async function freshTotp(t: TestApp, clock: ManualClock, secret = SECRET): Promise<string> {
  clock.advance(30_000);
  return currentTotp(t.ctx, secret);
}

export function call(t: TestApp, method: 'GET' | 'POST', url: string, headers: object, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The code in the newest withdrawal confirmation mail to `email`. */
export async function mailedWithdrawalCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  const code = /is (\d{6})\./.exec(mail?.text ?? '')?.[1];
  expect(code, mail?.text).toBeDefined();
  return code!;
}

export async function mailTexts(t: TestApp, email: string): Promise<string[]> {
  const rows = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.map((r) => `${r.subject}\n${r.text}`);
}

/** Requests a USD withdrawal with a fresh code and confirms it with the mailed one; answers the confirmation. */
export async function withdrawUsd(t: TestApp, clock: ManualClock, customer: Customer, amount: string) {
  const requested = await call(t, 'POST', '/withdrawals', customer.headers, {
    asset: 'USD',
    amount,
    totp: await freshTotp(t, clock, customer.secret),
  });
  expect(requested.statusCode, requested.body).toBe(200);
  const id = requested.json().data._id as string;
  const code = await mailedWithdrawalCode(t, customer.email);
  const confirmed = await call(t, 'POST', '/withdrawals/confirm', customer.headers, {
    withdrawal_id: id,
    code,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { id, confirmed: confirmed.json() };
}
