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
import type { DbOrTx } from '../../platform/db';
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

/**
 * A proved second factor whose recovery code (if one was given) is not spent yet: the action it
 * allows spends it in its own transaction (spendProvedRecoveryCode), so an action refused after the
 * proof leaves the code usable.
 */
export interface SecondFactorPass {
  readonly recoveryCodeHash: string | null;
}

/** The answers to a missing or wrong code that sign-in gives as 401 (the web's sign-in form waits for them). */
const SIGN_IN_CODE_REFUSALS: ReadonlySet<string> = new Set([
  'totp_required',
  'totp_invalid',
  'totp_replayed',
  'recovery_code_wrong',
]);

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
 * once (its step is claimed), a recovery code is spent by one conditional UPDATE, or with
 * 'leave_unspent' only checked and handed back for the action's own transaction to spend. Throws the
 * rejection (a missing code 400, a wrong or replayed one 403: never 401, which a client reads as
 * 'signed out'); returns when the factor is proved. Runs its own transaction, so a counted wrong try
 * is committed before the rejection is answered.
 */
export async function proveSecondFactor(
  ctx: ProveContext,
  user: Pick<repo.UserRow, 'id' | 'email'>,
  secret: string,
  proof: SecondFactorProof,
  recovery: 'spend' | 'leave_unspent' = 'spend',
): Promise<SecondFactorPass> {
  if (proof.totp === undefined && proof.recoveryCode === undefined)
    throw new AppError('totp_required', m.totpCodeRequired);
  const now = ctx.clock.now();
  const key = budgetKey(user.id);
  const { outcome, warnOwner, hash } = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    if (!mayTrySecondFactor((await readCounter(tx, key, now)).count))
      return { outcome: 'cool_down' as Outcome, warnOwner: false, hash: null };
    let wrong: Outcome;
    if (proof.recoveryCode !== undefined) {
      const hash = typedRecoveryCodeHash(ctx.config, user.id, proof.recoveryCode);
      const right =
        hash !== null &&
        (recovery === 'spend'
          ? await repo.spendRecoveryCode(tx, user.id, hash, now)
          : await repo.hasUnspentRecoveryCode(tx, user.id, hash));
      if (right) return { outcome: 'ok' as Outcome, warnOwner: false, hash };
      wrong = 'wrong_recovery';
    } else {
      const step = await totpStepOf(ctx, secret, proof.totp ?? '');
      if (step !== null) {
        const claimed = await repo.claimTotpStep(tx, user.id, step);
        return { outcome: (claimed ? 'ok' : 'replayed') as Outcome, warnOwner: false, hash: null };
      }
      wrong = 'wrong_totp';
    }
    const hit = await hitCounter(tx, key, SECOND_FACTOR_BUDGET_WINDOW_MS, now);
    return { outcome: wrong, warnOwner: secondFactorBudgetJustSpent(hit.count), hash: null };
  });
  if (warnOwner) await deliverMail(ctx, budgetSpentMail(user.email));
  if (outcome === 'ok') return { recoveryCodeHash: recovery === 'spend' ? null : hash };
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
 * waits for). An admin without two-factor signs in, but in production the admin routes refuse them
 * (totp_not_enrolled, platform/auth.ts) until two-factor is on, so a password alone never opens the
 * back office there and the admin can still reach the two-factor enrolment (issue 46 point 6).
 * Answers whether the sign-in passed two-factor.
 */
export async function checkSecondFactorAtSignIn(
  ctx: ProveContext,
  user: repo.UserRow,
  proof: SecondFactorProof,
): Promise<boolean> {
  if (twoFactorOn(user)) {
    await proveAccountSecondFactor(ctx, user, proof).catch((error: unknown) => {
      // Sign-in is not signed in yet: its code step keeps answering 401, as the sign-in form expects.
      if (error instanceof AppError && SIGN_IN_CODE_REFUSALS.has(error.code))
        throw new AppError(error.code, error.message, 401);
      throw error;
    });
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

/**
 * Proves the account's second factor for an action that may still be refused after it (a withdrawal,
 * an NFT send-out): a recovery code is checked but left unspent, and the pass it answers must be
 * spent with spendProvedRecoveryCode inside the transaction that carries the action out.
 */
export async function proveAccountSecondFactorForAction(
  ctx: ProveContext,
  user: repo.UserRow,
  proof: SecondFactorProof,
): Promise<SecondFactorPass> {
  const secret = openTotpSecret(ctx.config, user.id, user.totpSecret) ?? '';
  return proveSecondFactor(ctx, user, secret, proof, 'leave_unspent');
}

/**
 * Spends the recovery code of a pass inside the action's transaction: one conditional UPDATE, so of
 * parallel actions proved with one code only the first to commit gets it, and the others are refused
 * ('recovery_code_wrong'); a refusal later in the transaction rolls the spending back.
 */
export async function spendProvedRecoveryCode(
  tx: DbOrTx,
  userId: string,
  pass: SecondFactorPass,
  at: Date,
): Promise<void> {
  if (pass.recoveryCodeHash === null) return;
  if (!(await repo.spendRecoveryCode(tx, userId, pass.recoveryCodeHash, at)))
    throw new AppError('recovery_code_wrong', m.recoveryCodeWrong);
}

function budgetSpentMail(to: string) {
  return {
    to,
    subject: 'Two-factor codes refused on your account',
    text: `Your account was sent ${SECOND_FACTOR_WRONG_TRIES_PER_DAY} wrong two-factor authentication codes today, after the right password, so we refuse every code for the next 24 hours.\n\nIf this was not you, someone knows your password: change it now and review your sessions on the Security page.`,
  };
}
