import type { DebtItem } from '@exchange/contracts';
import { formatMinor, getAsset, isAssetCode } from '@exchange/domain';
import type { DebtListRow } from './debts.repository';

/** A debt as the admin's list and the settlement's answer show it. */
export function toDebtItem(row: DebtListRow): DebtItem {
  const { debt } = row;
  const scale = isAssetCode(debt.asset) ? getAsset(debt.asset).scale : 2;
  return {
    _id: debt.id.toString(),
    user: { _id: row.user.id, name: row.user.name, email: row.user.email },
    asset: debt.asset,
    amount: formatMinor(BigInt(debt.amount), scale),
    reason: debt.reason,
    order_id: row.orderId,
    status: debt.status,
    settlement: debt.settlement,
    settled_at: debt.settledAt ? debt.settledAt.toISOString() : null,
    settled_by: row.settledBy
      ? { _id: row.settledBy.id, name: row.settledBy.name, email: row.settledBy.email }
      : null,
    note: debt.settlementNote,
    createdAt: debt.createdAt.toISOString(),
  };
}
