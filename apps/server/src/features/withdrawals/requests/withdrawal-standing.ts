import { formatMessage, messages as m } from '@exchange/contracts';
import {
  type AccountStanding,
  checkAccountStanding,
  nextWithdrawalStatus,
  STANDING_PROBLEMS,
  type StandingProblem,
} from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import type { DbOrTx, Tx } from '../../../platform/db';
import { findUserById } from '../../accounts/accounts.repository';
import { twoFactorOn } from '../../accounts/second-factor';
import { hasOpenDebt } from '../../outflow/outflow.repository';
import { changeWithdrawal, type WithdrawalRow } from '../withdrawals.repository';

/** The account as the standing check needs it, read now (inside the step's transaction). */
export async function loadAccountStanding(db: DbOrTx, userId: string): Promise<AccountStanding> {
  const [user, debt] = await Promise.all([findUserById(db, userId), hasOpenDebt(db, userId)]);
  return {
    accountActive: user?.status === 'ACTIVE',
    withdrawalsFrozen: user ? user.withdrawalsFrozenAt !== null : false,
    kycVerified: user?.isKycVerified ?? false,
    twoFactorOn: user ? twoFactorOn(user) : false,
    openDebts: debt ? 1 : 0,
    passwordChangedAt: user?.passwordChangedAt ?? null,
    twoFactorEnabledAt: user?.totpEnabledAt ?? null,
  };
}

/**
 * Why a withdrawal must be held at this step (confirm, approve, send), as the comma-separated problems
 * kept in `held_reason`, or null when its owner's account is fine. A security change counts after the
 * request, or after the withdrawal was last held: an admin who approves a held one has seen those.
 */
export async function withdrawalHoldReason(db: DbOrTx, row: WithdrawalRow): Promise<string | null> {
  const checked = checkAccountStanding(
    await loadAccountStanding(db, row.userId),
    row.heldAt ?? row.createdAt,
  );
  return checked.ok ? null : (checked.params?.problems ?? '');
}

function isProblem(code: string): code is StandingProblem {
  return (STANDING_PROBLEMS as readonly string[]).includes(code);
}

/** The reasons of a hold in words ('password changed since the request; an open debt'). */
export function holdReasonsText(heldReason: string): string {
  return heldReason
    .split(',')
    .filter(isProblem)
    .map((code) => m[`withdrawalHeld_${code}`])
    .join('; ');
}

/** The admin queue's line for a held withdrawal ('Held: password changed since the request'). */
export function heldText(heldReason: string | null): string | null {
  return heldReason ? formatMessage(m.withdrawalHeld, { reasons: holdReasonsText(heldReason) }) : null;
}

/**
 * A sender's hold, APPROVED → PENDING_APPROVAL with why (the account's standing failed just before
 * sending; the chain job and the payout job): nothing is
 * sent, the amount stays held, and the admin queue shows it held until an admin rejects (refunds) it
 * or approves it anew once the account is fine.
 */
export async function holdForAdmin(
  ctx: Pick<AppContext, 'logger'>,
  tx: Tx,
  row: WithdrawalRow,
  heldReason: string,
  now: Date,
): Promise<boolean> {
  const next = nextWithdrawalStatus(row.status, 'hold');
  if (!next.ok) return false;
  const held = await changeWithdrawal(
    tx,
    row.id,
    row.status,
    { status: next.value.status, heldReason, heldAt: now },
    now,
  );
  if (held) ctx.logger.warn({ withdrawal: row.id, reasons: heldReason }, 'withdrawal held for an admin');
  return held !== undefined;
}
