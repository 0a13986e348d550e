import type { AdminKycDetail } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Badge, statusTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { adminRecordPath, paths } from '../../../lib/paths';
import { useAdminKyc } from '../../kyc/api/admin-kyc';
import { useKycDocumentUrl } from '../../kyc/api/kyc-document';
import { KycDecisionDialog, type KycDecisionTarget } from '../../kyc/components/kyc-decision-dialogs';
import { KycIdentityMatches } from '../../kyc/components/kyc-identity-matches';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { adminOpsKeys } from '../api/admin-ops';
import { adminUserKeys } from '../api/admin-users';

/** The spec's badge words for each status. */
const BADGE_TEXT = { APPROVED: 'Approve', REJECTED: 'REJECTED', PENDING: 'Pending' } as const;

function DocumentImage({ label, filename }: { readonly label: string; readonly filename: string }) {
  const image = useKycDocumentUrl(filename);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium text-ink">{label}</figcaption>
      <div className="flex aspect-[8/5] items-center justify-center overflow-hidden rounded-md border border-line bg-raised">
        {image.url ? (
          <img src={image.url} alt={label} className="h-full w-full object-contain" />
        ) : image.isError ? (
          <span className="text-xs text-muted">The image could not be loaded.</span>
        ) : (
          <Spinner label={`Loading ${label.toLowerCase()}`} />
        )}
      </div>
    </figure>
  );
}

/**
 * Approve and Reject on the review page itself, for a PENDING submission: the same confirmations as
 * the list's (a rejection's reason is required inside the dialog; a possible duplicate says no
 * referral reward is paid unless ticked). A decision reloads the submission, the list, the
 * dashboard's figures and the user's pages.
 */
function Decision({ kyc }: { readonly kyc: AdminKycDetail }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<KycDecisionTarget | null>(null);
  if (kyc.status !== 'PENDING') return null;
  const decide = (decision: KycDecisionTarget['decision']) =>
    setTarget({
      kycId: kyc._id,
      userId: kyc.user_id._id,
      decision,
      identityFlagged: kyc.identity_matches.length > 0,
    });
  const close = () => {
    setTarget(null);
    void queryClient.invalidateQueries({ queryKey: adminOpsKeys.dashboard });
    void queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
  };
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <Button variant="success" onClick={() => decide('APPROVED')}>
        Approve
      </Button>
      <Button variant="danger" onClick={() => decide('REJECTED')}>
        Reject
      </Button>
      <KycDecisionDialog target={target} onClose={close} />
    </div>
  );
}

function Details({ kyc }: { readonly kyc: AdminKycDetail }) {
  const doc = kyc.documents[0];
  const fields: ReadonlyArray<[string, string]> = [
    ['First Name', kyc.first_name],
    ['Last Name', kyc.last_name],
    ['Date of Birth', kyc.dob],
    ['Landmark', kyc.address.landmark],
    ['City', kyc.address.city],
    ['State', kyc.address.state],
    ['Country', kyc.address.country],
    ['Country Code', `+${kyc.country_code}`],
    ['Mobile Number', kyc.mobile_no],
    ['Document', doc?.identifier ?? ''],
    ['Card Number', doc?.number ?? ''],
  ];
  return (
    <div className="grid gap-6">
      <KycIdentityMatches matches={kyc.identity_matches} />
      <Card>
        <div className="flex flex-wrap items-center gap-4">
          <KycUserAvatar profilePic={kyc.user_id.profile_pic} size={56} />
          <div className="min-w-0 flex-1">
            <Link
              to={adminRecordPath('user', kyc.user_id._id)}
              className="font-semibold text-accent hover:underline"
            >
              {kyc.user_id.name}
            </Link>
            <p className="wrap-anywhere text-sm text-muted">{kyc.user_id.email}</p>
            <p className="text-sm text-muted">
              +{kyc.user_id.country_code} {kyc.user_id.mobile_no}
            </p>
            <p className="text-sm text-muted">Submitted {formatDateTime(kyc.createdAt)}</p>
          </div>
          <Badge tone={statusTone(kyc.status)}>{BADGE_TEXT[kyc.status]}</Badge>
        </div>
        <Decision kyc={kyc} />
        {kyc.status === 'REJECTED' && kyc.reason ? (
          <p className="mt-4 text-sm text-ink">
            <span className="text-muted">Reason: </span>
            {kyc.reason}
          </p>
        ) : null}
      </Card>
      {doc ? (
        <Card title="Documents">
          <div className="grid gap-4 sm:grid-cols-2">
            <DocumentImage label="Front image" filename={doc.front_image} />
            <DocumentImage label="Rear image" filename={doc.back_image} />
          </div>
        </Card>
      ) : null}
      <Card title="Details">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map(([label, value]) => (
            <Input key={label} label={label} value={value} readOnly />
          ))}
        </div>
      </Card>
    </div>
  );
}

/**
 * /admin-kyc-details/<kyc id>: one submission reviewed on one page: a possible duplicate identity
 * first, the customer (linked to their page), the decision, the documents and the details. The id is
 * in the URL, so it survives a reload and opens in a new tab; the bare path still reads it from
 * navigation state.
 */
export function AdminKycDetailsPage() {
  const location = useLocation();
  const params = useParams();
  const kycId = params.id ?? (location.state as { kycId?: unknown } | null)?.kycId;
  const id = typeof kycId === 'string' ? kycId : undefined;
  const kyc = useAdminKyc(id);

  const back = (
    <Link to={paths.adminKyc} className="text-sm font-medium text-accent hover:underline">
      ← Back to KYC Requests
    </Link>
  );
  let body: React.ReactNode;
  if (!id) body = <ErrorState message="Open a request from the KYC Requests list to see its details." />;
  else if (kyc.isPending) body = <PageSpinner />;
  else if (kyc.isError)
    body = <ErrorState message={errorMessage(kyc.error)} onRetry={() => void kyc.refetch()} />;
  else body = <Details kyc={kyc.data} />;

  return (
    <div>
      <div className="mb-2">{back}</div>
      <PageHeader title="KYC Details" />
      {body}
    </div>
  );
}
