import { timingSafeEqual } from 'node:crypto';
import { type ConfirmWithdrawalBody, messages as m, type WithdrawalItem } from '@exchange/contracts';
import { decideWithdrawalApproval, nextWithdrawalStatus, type WithdrawalRiskFlag } from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import { AppError } from '../../../platform/errors';
import { toWithdrawalItem } from '../withdrawal-views';
import {
  changeWithdrawal,
  countConfirmAttempt,
  lockWithdrawal,
  type WithdrawalRow,
} from '../withdrawals.repository';
import { hashWithdrawalCode } from './request-withdrawal';
import { withdrawalHoldReason } from './withdrawal-standing';

/** Wrong codes a withdrawal's confirmation takes before the code is dead (cancel and request again). */
export const WITHDRAWAL_CODE_TRIES = 5;

type Outcome = { ok: true; row: WithdrawalRow } | { ok: false; error: AppError };

function codeMatches(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Confirms the owner's REQUESTED withdrawal with the code mailed for it: one use (the hash is cleared),
 * short-lived (WITHDRAWAL_CODE_TTL_MS), at most WITHDRAWAL_CODE_TRIES wrong tries (each counted and
 * committed before the answer). Then the account's standing is checked again (checkAccountStanding:
 * disabled, KYC lost, two-factor off, an open debt, a password or two-factor change since the request):
 * a problem sends it to the admin queue held, with the reason. Else the domain decides: approved at once
 * (below the auto-approval value, no risk flag) or PENDING_APPROVAL in the admin queue. Another user's
 * withdrawal answers 404.
 */
export async function confirmWithdrawal(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  userId: string,
  body: ConfirmWithdrawalBody,
): Promise<WithdrawalItem> {
  const code = body.code.trim();
  if (code === '') throw new AppError('otp_invalid', m.withdrawalCodeRequired);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockWithdrawal(tx, body.withdrawal_id, userId);
    if (!row) throw new AppError('not_found', m.withdrawalNotFound);
    if (row.status !== 'REQUESTED' || !row.confirmCodeHash)
      throw new AppError('conflict', m.withdrawalNotAwaitingCode);
    if ((row.confirmExpiresAt && row.confirmExpiresAt <= now) || row.confirmAttempts >= WITHDRAWAL_CODE_TRIES)
      throw new AppError('otp_expired', m.withdrawalCodeExpired);
    if (!codeMatches(row.confirmCodeHash, hashWithdrawalCode(ctx.config, row.id, code))) {
      await countConfirmAttempt(tx, row.id);
      return { ok: false, error: new AppError('otp_invalid', m.withdrawalCodeWrong) };
    }
    // The account is checked again now: one no longer in good standing goes to the admin, held.
    const heldReason = await withdrawalHoldReason(tx, row);
    const decision = heldReason
      ? 'PENDING_APPROVAL'
      : decideWithdrawalApproval({
          valueCents: BigInt(row.valueCents),
          autoApproveBelowCents: ctx.config.withdrawals.autoApproveBelowCents,
          secondApprovalAboveCents: ctx.config.withdrawals.secondApprovalAboveCents,
          flags: row.flags as WithdrawalRiskFlag[],
        });
    const next = nextWithdrawalStatus(
      row.status,
      decision === 'APPROVED' ? 'confirm_approved' : 'confirm_for_review',
    );
    if (!next.ok) throw new AppError('conflict', m.withdrawalNotAwaitingCode);
    const changed = await changeWithdrawal(
      tx,
      row.id,
      row.status,
      {
        status: next.value.status,
        confirmCodeHash: null,
        confirmedAt: now,
        ...(decision === 'APPROVED' ? { decidedAt: now } : {}),
        ...(heldReason ? { heldReason, heldAt: now } : {}),
      },
      now,
    );
    if (!changed) throw new AppError('conflict', m.withdrawalNotAwaitingCode);
    return { ok: true, row: changed };
  });
  if (!outcome.ok) throw outcome.error;
  return toWithdrawalItem(outcome.row);
}
