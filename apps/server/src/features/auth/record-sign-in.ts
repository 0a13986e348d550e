import { signInNovelty } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { sendNewSignInMail } from '../accounts/security-mail';
import * as repo from './auth.repository';
import type { SignInClient } from './sign-in-place';

type RecordContext = Pick<AppContext, 'db' | 'mailer' | 'logger' | 'clock'>;

/**
 * A sign-in has started (its refresh-token family `sessionId` is stored): the session row the
 * Security page lists and a successful entry in the sign-in history are written, and when the device
 * or network is new to the account (domain: signInNovelty) its owner gets a mail.
 */
export async function recordSignIn(
  ctx: RecordContext,
  start: { userId: string; sessionId: string; client: SignInClient; twoFactorPassed: boolean; at: Date },
): Promise<void> {
  const { userId, sessionId, client, at } = start;
  const previous = await repo.successfulSignInPlaces(ctx.db, userId);
  await ctx.db.transaction(async (tx) => {
    await repo.insertSession(tx, {
      id: sessionId,
      userId,
      userAgent: client.userAgent,
      device: client.device,
      network: client.network,
      twoFactorPassed: start.twoFactorPassed,
      at,
    });
    await repo.insertSignInEvent(tx, {
      userId,
      outcome: 'SUCCESS',
      device: client.device,
      network: client.network,
      at,
    });
  });
  if (signInNovelty(previous, client) === 'new') await sendNewSignInMail(ctx, userId, client, at);
}

/** The history's outcome of each refusal a sign-in can meet; others (rate limits, 500s) are not written. */
const REFUSAL_OUTCOMES: Partial<Record<string, repo.SignInOutcome>> = {
  invalid_credentials: 'WRONG_PASSWORD',
  account_disabled: 'REFUSED',
  email_not_verified: 'REFUSED',
  totp_not_enrolled: 'REFUSED',
  totp_invalid: 'WRONG_CODE',
  totp_replayed: 'WRONG_CODE',
  recovery_code_wrong: 'WRONG_CODE',
  totp_cool_down: 'WRONG_CODE',
};

/**
 * Writes a refused sign-in into the history of the account it named, then throws the refusal on.
 * An unknown e-mail is not written (no account to show it to), nor is the typed password or code;
 * `totp_required` (the password was right, the code comes in the next call) is no refusal.
 */
export async function recordRefusedSignIn(
  ctx: RecordContext,
  email: string,
  client: SignInClient,
  error: unknown,
): Promise<never> {
  const outcome = error instanceof AppError ? REFUSAL_OUTCOMES[error.code] : undefined;
  if (outcome) {
    try {
      const user = await repo.findUserByEmail(ctx.db, email);
      if (user) {
        await repo.insertSignInEvent(ctx.db, {
          userId: user.id,
          outcome,
          device: client.device,
          network: client.network,
          at: ctx.clock.now(),
        });
      }
    } catch (recordError) {
      ctx.logger.error({ err: recordError }, 'a refused sign-in could not be written to the history');
    }
  }
  throw error;
}
