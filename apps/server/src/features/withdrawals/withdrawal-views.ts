import type { AdminWithdrawalItem, WithdrawalItem } from '@exchange/contracts';
import {
  type AssetCode,
  approvalsNeeded,
  formatMinor,
  getAsset,
  USD_CENTS_SCALE,
  type WithdrawalRiskFlag,
} from '@exchange/domain';
import type { ChainSettings } from '../../platform/chain/chain-config';
import type { AdminWithdrawalRow } from './admin-withdrawal-list.repository';
import { explorerTxUrl } from './coin-sends/coin-terms';
import { heldText } from './requests/withdrawal-standing';
import type { WithdrawalRow } from './withdrawals.repository';

function amountText(row: WithdrawalRow, minor: bigint): string {
  return formatMinor(minor, getAsset(row.asset as AssetCode).scale);
}

/**
 * A withdrawal as its owner sees it (no code hash, no admin's id). A coin's transaction links to the
 * explorer of its chain when `chains` (the configured ones) give it one.
 */
export function toWithdrawalItem(row: WithdrawalRow, chains: readonly ChainSettings[] = []): WithdrawalItem {
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  return {
    _id: row.id,
    asset: row.asset,
    method: row.method,
    destination: row.destination,
    amount: amountText(row, amount),
    fee: amountText(row, fee),
    receive: amountText(row, amount - fee),
    status: row.status,
    reason: row.reason,
    reference: row.providerRef,
    chain: row.chain,
    tx_hash: row.txHash,
    explorer_url: explorerTxUrl(
      chains.find((c) => c.key === row.chain),
      row.txHash,
    ),
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function latest(...dates: (Date | null)[]): Date | null {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

/** A withdrawal in the admin's list, with the flags it raised and its customer's recent activity. */
export function toAdminWithdrawalItem(
  row: AdminWithdrawalRow,
  chains: readonly ChainSettings[] = [],
  secondApprovalAboveCents: bigint | null = null,
): AdminWithdrawalItem {
  const w = row.withdrawal;
  const needed =
    secondApprovalAboveCents === null ? 1 : approvalsNeeded(BigInt(w.valueCents), secondApprovalAboveCents);
  const approved =
    w.status !== 'PENDING_APPROVAL' &&
    w.status !== 'REQUESTED' &&
    w.status !== 'CANCELLED' &&
    w.status !== 'REJECTED';
  return {
    ...toWithdrawalItem(w, chains),
    user: { _id: row.user.id, name: row.user.name, email: row.user.email },
    value_usd: formatMinor(BigInt(w.valueCents), USD_CENTS_SCALE),
    flags: w.flags as WithdrawalRiskFlag[],
    activity: {
      last_deposit_at: row.lastDepositAt?.toISOString() ?? null,
      last_security_change_at:
        latest(row.user.passwordChangedAt, row.user.totpEnabledAt)?.toISOString() ?? null,
      completed_withdrawals: Number(row.completedWithdrawals),
      withdrawn_24h_usd: formatMinor(BigInt(row.withdrawn24hCents), USD_CENTS_SCALE),
    },
    decided_by: w.decidedBy,
    decided_by_name: w.decidedBy ? row.deciderName : null,
    decided_at: w.decidedAt?.toISOString() ?? null,
    first_approved_by_name: w.firstApprovedBy ? row.firstApproverName : null,
    first_approved_at: w.firstApprovedAt?.toISOString() ?? null,
    approvals_needed: w.firstApprovedBy ? 2 : needed,
    approvals: (w.firstApprovedBy ? 1 : 0) + (approved && w.decidedBy ? 1 : 0),
    held_reason: heldText(w.heldReason),
  };
}
