import { type Minor, parseDecimal } from '../money';

/** Our own record of a deposit order, the only source of the amount that may be credited. */
export interface DepositOrderRecord {
  readonly providerOrderId: string;
  readonly currency: 'USD';
  /** Minor units (cents). */
  readonly amount: Minor;
}

/** What the payment provider says happened when we asked it to capture the order. */
export type CaptureReport =
  | {
      readonly status: 'COMPLETED';
      readonly orderId: string;
      readonly captureId: string;
      readonly currency: string;
      /** The captured amount as the provider writes it (a decimal string). */
      readonly amount: string;
    }
  | { readonly status: 'PENDING'; readonly orderId: string; readonly captureId: string | null }
  | { readonly status: 'DECLINED'; readonly orderId: string }
  | { readonly status: 'NOT_APPROVED'; readonly orderId: string };

export type CaptureDecision =
  | { readonly action: 'credit'; readonly captureId: string }
  | { readonly action: 'pending'; readonly captureId: string | null }
  | { readonly action: 'decline' }
  | { readonly action: 'not_approved' }
  | { readonly action: 'mismatch'; readonly field: 'order_id' | 'currency' | 'amount' };

/**
 * Decides what a capture report means for our order. Checked in this order: the report is about our
 * order id ('mismatch' on order_id otherwise, whatever its status); a declined or not yet approved
 * payment; a pending capture; for a completed one, the currency and then the exact amount (parsed at
 * 2 decimals, no rounding) must equal our record, or it is a 'mismatch' and nothing is credited.
 */
export function decideCapture(order: DepositOrderRecord, report: CaptureReport): CaptureDecision {
  if (report.orderId !== order.providerOrderId) return { action: 'mismatch', field: 'order_id' };
  if (report.status === 'DECLINED') return { action: 'decline' };
  if (report.status === 'NOT_APPROVED') return { action: 'not_approved' };
  if (report.status === 'PENDING') return { action: 'pending', captureId: report.captureId };
  if (report.currency !== order.currency) return { action: 'mismatch', field: 'currency' };
  const captured = parseDecimal(report.amount, 2, 'exact');
  if (captured === null || captured !== order.amount) return { action: 'mismatch', field: 'amount' };
  return { action: 'credit', captureId: report.captureId };
}
