import { type KycIdentityMatch, type KycIdentityMatchField, messages } from '@exchange/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge, statusTone } from '../../../components/ui/badge';
import { adminRecordPath } from '../../../lib/paths';

const FIELD_LABEL: Record<KycIdentityMatchField, string> = {
  document_number: messages.kycMatchDocumentNumber,
  name_dob: messages.kycMatchNameDob,
  image: messages.kycMatchImage,
};

/**
 * The warning on /admin-kyc-details/<id> when a submission shares an identity with other accounts: each
 * account (linking to its page, and to its own submission) and what matched. Nothing when none did.
 */
export function KycIdentityMatches({ matches }: { readonly matches: readonly KycIdentityMatch[] }) {
  const headingId = useId();
  if (matches.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-warning/50 bg-warning/10 p-4 sm:p-6"
      data-testid="kyc-identity-matches"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-warning">
        <span aria-hidden="true">⚠</span>
        {messages.kycDuplicateIdentityTitle}
      </h2>
      <p className="mt-2 text-sm text-ink">{messages.kycDuplicateIdentityNote}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {matches.map((match) => (
          <li key={match.kyc_id} className="rounded-md border border-line bg-surface p-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {match.user ? (
                <Link
                  to={adminRecordPath('user', match.user._id)}
                  className="font-medium text-accent hover:underline"
                >
                  {match.user.name}
                </Link>
              ) : (
                <span className="font-medium text-ink">{messages.kycMatchDeletedAccount}</span>
              )}
              {match.user ? (
                <span className="wrap-anywhere text-sm text-muted">{match.user.email}</span>
              ) : null}
              {match.status ? <Badge tone={statusTone(match.status)}>{match.status}</Badge> : null}
            </div>
            <p className="mt-2 text-sm text-ink">
              <span className="text-muted">{messages.kycMatchFieldsLabel} </span>
              {match.fields.map((field) => FIELD_LABEL[field]).join(', ')}
            </p>
            <Link
              to={adminRecordPath('kyc', match.kyc_id)}
              className="mt-1 inline-block text-sm font-medium text-accent hover:underline"
            >
              {messages.kycMatchOpenSubmission}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
