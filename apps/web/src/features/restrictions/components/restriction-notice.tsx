import { formatMessage, messages } from '@exchange/contracts';
import { useAccountRestrictions } from '../api/get-restrictions';

/**
 * Tells a customer why sending, swapping and selling are refused: an open debt left by a reversed
 * deposit. Nothing shows while there is none (or while the answer is loading or failed: the forms
 * still show the server's refusal).
 */
export function RestrictionNotice() {
  const restrictions = useAccountRestrictions();
  const debt = restrictions.data?.debt_usd;
  if (!debt) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
      <p className="font-semibold text-danger">{messages.debtNoticeTitle}</p>
      <p className="mt-1 text-ink">{formatMessage(messages.debtNoticeText, { amount: debt })}</p>
    </div>
  );
}
