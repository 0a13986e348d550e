/**
 * The life of a deposit order, as one table: which status an order may move to from which. The
 * server moves an order only with a conditional update from exactly these statuses, so two racing
 * outcomes (a webhook and a confirmation, say) cannot both apply.
 *
 * CREATED → APPROVED (the payer approved) → PENDING (captured, not settled) → CREDITED (money in);
 * DECLINED when the provider refuses; FAILED when the report disagrees with our record, which waits
 * for a person. CREDITED and FAILED are final. A DECLINED order may still be credited or failed: the
 * provider can settle a capture after first reporting a decline. CAPTURED is a legacy status no
 * transition reaches. A CREDITED deposit leaves only when the provider takes the money back: REFUNDED
 * (the merchant refunded it) or REVERSED (a chargeback); a chargeback after a refund (or the other way
 * round) moves it between those two, and a further partial refund keeps it where it is
 * (`decideDepositReversal` keeps the total taken back within the deposit).
 */
export const DEPOSIT_STATUSES = [
  'CREATED',
  'APPROVED',
  'DECLINED',
  'PENDING',
  'CAPTURED',
  'CREDITED',
  'FAILED',
  'REFUNDED',
  'REVERSED',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

const FROM: Readonly<Record<DepositStatus, readonly DepositStatus[]>> = {
  CREATED: [],
  APPROVED: ['CREATED'],
  PENDING: ['CREATED', 'APPROVED'],
  DECLINED: ['CREATED', 'APPROVED', 'PENDING'],
  CAPTURED: [],
  CREDITED: ['CREATED', 'APPROVED', 'PENDING', 'DECLINED'],
  FAILED: ['CREATED', 'APPROVED', 'PENDING', 'DECLINED'],
  REFUNDED: ['CREDITED', 'REVERSED'],
  REVERSED: ['CREDITED', 'REFUNDED'],
};

/** The statuses an order may move to `to` from (empty: nothing moves there). */
export function depositStatusesBefore(to: DepositStatus): readonly DepositStatus[] {
  return FROM[to];
}

export function canMoveDeposit(from: DepositStatus, to: DepositStatus): boolean {
  return FROM[to].includes(from);
}

/** Final statuses: nothing ever moves an order out of them. */
export function isFinalDepositStatus(status: DepositStatus): boolean {
  return DEPOSIT_STATUSES.every((to) => !FROM[to].includes(status));
}
