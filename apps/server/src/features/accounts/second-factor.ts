import { messages as m } from '@exchange/contracts';
import {
  mayTrySecondFactor,
  SECOND_FACTOR_BUDGET_WINDOW_MS,
  SECOND_FACTOR_WRONG_TRIES_PER_DAY,
  secondFactorBudgetJustSpent,
} from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/app-context';
import { hitCounter, readCounter } from '../../platform/counters';
import { AppError } from '../../platform/errors';
import { deliverMail } from '../../platform/mail/deliver-mail';
import * as repo from './accounts.repository';
import { typedRecoveryCodeHash } from './recovery-codes';
import { totpStepOf } from './totp-codes';
import { isSealedTotpSecret, openTotpSecret, sealTotpSecret } from './totp-secret-box';

/** What a person offers as their second factor: a code from the authenticator app, or a recovery code. */
export interface SecondFactorProof {
  readonly totp?: string | undefined;
  readonly recoveryCode?: string | undefined;
}

type Outcome = 'ok' | 'cool_down' | 'wrong_totp' | 'wrong_recovery' | 'replayed';

type ProveContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>;

function budgetKey(userId: string): string {
  return `2fa-wrong:${userId}`;
}

/**
 * Checks a second factor against `secret` (the account's TOTP secret, in force or being enrolled)
 * and the account's recovery codes, under the account's daily budget of wrong codes (the domain's
 * SECOND_FACTOR_WRONG_TRIES_PER_DAY, admins included). Tries of one account queue on an advisory
 * lock, so parallel guesses cannot overspend the budget; a spent budget refuses every code unread
 * (429 totp_cool_down), and the wrong try that spends it e-mails the owner. A right TOTP code counts
 * once (its step is claimed), a recovery code is spent by one conditional UPDATE. Throws the
 * rejection; returns when the factor is proved. Runs its own transaction, so a counted wrong try is
 * committed before the rejection is answered.
 */
export async function proveSecondFactor(
  ctx: ProveContext,
  user: Pick<repo.UserRow, 'id' | 'email'>,
  secret: string,
  proof: SecondFactorProof,
): Promise<void> {
  if (proof.totp === undefined && proof.recoveryCode === undefined)
    throw new AppError('totp_required', m.totpCodeRequired);
  const now = ctx.clock.now();
  const key = budgetKey(user.id);
  const { outcome, warnOwner } = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    if (!mayTrySecondFactor((await readCounter(tx, key, now)).count))
      return { outcome: 'cool_down' as Outcome, warnOwner: false };
    let wrong: Outcome;
    if (proof.recoveryCode !== undefined) {
      const hash = typedRecoveryCodeHash(ctx.config, user.id, proof.recoveryCode);
      if (hash && (await repo.spendRecoveryCode(tx, user.id, hash, now)))
        return { outcome: 'ok' as Outcome, warnOwner: false };
      wrong = 'wrong_recovery';
    } else {
      const step = await totpStepOf(ctx, secret, proof.totp ?? '');
      if (step !== null) {
        const claimed = await repo.claimTotpStep(tx, user.id, step);
        return { outcome: (claimed ? 'ok' : 'replayed') as Outcome, warnOwner: false };
      }
      wrong = 'wrong_totp';
    }
    const hit = await hitCounter(tx, key, SECOND_FACTOR_BUDGET_WINDOW_MS, now);
    return { outcome: wrong, warnOwner: secondFactorBudgetJustSpent(hit.count) };
  });
  if (warnOwner) await deliverMail(ctx, budgetSpentMail(user.email));
  if (outcome === 'ok') return;
  if (outcome === 'cool_down') throw new AppError('totp_cool_down', m.totpCoolDown);
  if (outcome === 'replayed') throw new AppError('totp_replayed', m.totpCodeUsed);
  if (outcome === 'wrong_recovery') throw new AppError('recovery_code_wrong', m.recoveryCodeWrong);
  throw new AppError('totp_invalid', m.totpCodeWrong);
}

/** Whether the account has two-factor sign-in in force (the secret alone is an unfinished enrolment). */
export function twoFactorOn(user: Pick<repo.UserRow, 'totpEnabledAt' | 'totpSecret'>): boolean {
  return Boolean(user.totpEnabledAt && user.totpSecret);
}

/**
 * The sign-in's second step, after the password was right: an account with two-factor on must give a
 * right code or an unspent recovery code (none: 401 totp_required, the answer the web's code step
 * waits for). An admin without two-factor is refused in production (so a leaked password alone never
 * opens the back-office there) and let in elsewhere, so the embedded demo keeps working. Answers
 * whether the sign-in passed two-factor.
 */
export async function checkSecondFactorAtSignIn(
  ctx: ProveContext,
  user: repo.UserRow,
  proof: SecondFactorProof,
): Promise<boolean> {
  if (twoFactorOn(user)) {
    await proveAccountSecondFactor(ctx, user, proof);
    // A secret enrolled before encryption at rest is sealed now that its owner has used it.
    if (user.totpSecret && !isSealedTotpSecret(user.totpSecret))
      await repo.setTotpSecret(
        ctx.db,
        user.id,
        sealTotpSecret(ctx.config, user.id, user.totpSecret),
        ctx.clock.now(),
      );
    return true;
  }
  if (user.role === 'ADMIN' && ctx.config.env === 'production')
    throw new AppError('totp_not_enrolled', m.totpRequiredInProduction);
  return false;
}

/**
 * Proves the second factor of an account that has two-factor on (its stored secret opened here; one
 * that does not open leaves the recovery codes).
 */
export async function proveAccountSecondFactor(
  ctx: ProveContext,
  user: repo.UserRow,
  proof: SecondFactorProof,
): Promise<void> {
  await proveSecondFactor(ctx, user, openTotpSecret(ctx.config, user.id, user.totpSecret) ?? '', proof);
}

function budgetSpentMail(to: string) {
  return {
    to,
    subject: 'Two-factor codes refused on your account',
    text: `Your account was sent ${SECOND_FACTOR_WRONG_TRIES_PER_DAY} wrong two-factor authentication codes today, after the right password, so we refuse every code for the next 24 hours.\n\nIf this was not you, someone knows your password: change it now and review your sessions on the Security page.`,
  };
}
