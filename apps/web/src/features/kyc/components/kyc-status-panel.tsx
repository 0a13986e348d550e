import { type KycRecord, messages } from '@exchange/contracts';
import { Badge, statusTone } from '../../../components/ui/badge';

/**
 * Where the customer's submission stands: under review, approved, or rejected with the reason (an
 * account verified without a submission shows as approved).
 */
export function KycStatusPanel({ record }: { readonly record: Pick<KycRecord, 'status' | 'reason'> }) {
  const tone =
    record.status === 'APPROVED'
      ? 'border-success/40'
      : record.status === 'PENDING'
        ? 'border-warning/40'
        : 'border-danger/40';
  return (
    <section aria-label="KYC status" className={`mb-6 rounded-lg border bg-surface p-4 ${tone}`}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-muted">Status</span>
        <Badge tone={statusTone(record.status)}>{record.status}</Badge>
      </div>
      {record.status === 'PENDING' ? (
        <p className="mt-2 text-sm text-ink">{messages.kycUnderReviewNote}</p>
      ) : record.status === 'REJECTED' ? (
        <div className="mt-2 text-sm text-ink">
          <p>{messages.kycRejectedNote}</p>
          {record.reason ? (
            <p className="mt-1">
              <span className="text-muted">Reason: </span>
              <span data-testid="kyc-reject-reason">{record.reason}</span>
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-ink">{messages.kycAlreadyApproved}</p>
      )}
    </section>
  );
}
