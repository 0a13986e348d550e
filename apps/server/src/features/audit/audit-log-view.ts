import type { AuditLogItem } from '@exchange/contracts';
import { formatMinor, getAsset, isAssetCode } from '@exchange/domain';
import type { AuditLogRow } from './audit-log.repository';

/** The actions whose `amount` is in minor units of their `asset` (as the ledger holds it). */
const MINOR_AMOUNTS = new Set([
  'DEBT_COLLECTED',
  'DEBT_WRITTEN_OFF',
  'WITHDRAWAL_FIRST_APPROVAL',
  'WITHDRAWAL_APPROVED',
  'WITHDRAWAL_REJECTED',
  'WITHDRAWAL_HELD',
]);

/**
 * A line's details with its amounts as money: an `amount` in minor units becomes a decimal at its
 * asset's places (a 6.46 USD debt's 646 reads '6.46' beside 'USD'), and `value_cents` becomes
 * `value_usd` in dollars. Anything else is shown as recorded.
 */
export function readableDetails(
  action: string,
  details: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...details };
  const { amount, asset } = details;
  if (
    MINOR_AMOUNTS.has(action) &&
    typeof asset === 'string' &&
    isAssetCode(asset) &&
    (typeof amount === 'string' || typeof amount === 'number') &&
    /^-?\d+$/.test(String(amount))
  )
    out.amount = formatMinor(BigInt(String(amount)), getAsset(asset).scale);
  const cents = details.value_cents;
  if ((typeof cents === 'string' || typeof cents === 'number') && /^-?\d+$/.test(String(cents))) {
    delete out.value_cents;
    out.value_usd = formatMinor(BigInt(String(cents)), 2);
  }
  return out;
}

export function toAuditLogItem(row: AuditLogRow): AuditLogItem {
  return {
    _id: row.line.id,
    action: row.line.action,
    admin: { _id: row.admin.id, name: row.admin.name, email: row.admin.email },
    target: row.target ? { _id: row.target.id, name: row.target.name, email: row.target.email } : null,
    details: readableDetails(row.line.action, row.line.details),
    createdAt: row.line.createdAt.toISOString(),
  };
}
