import { messages } from '@exchange/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useKycStatus } from '../api/get-my-kyc';

/**
 * Spec section 4, KYC gating: where a money-moving action would be, a user who has not passed KYC
 * gets 'Please Complete Your Kyc', which leads to /kyc. A user whose documents are being reviewed is
 * told so instead of being asked again; the link still shows them their submission.
 */
export function CompleteKycLink({ className }: { readonly className?: string }) {
  const status = useKycStatus();
  if (status === 'PENDING')
    return (
      <Link
        to={paths.kyc}
        className={buttonClasses('secondary', 'md', className)}
        title={messages.kycUnderReviewNote}
      >
        {messages.kycUnderReview}
      </Link>
    );
  return (
    <Link to={paths.kyc} className={buttonClasses('primary', 'md', className)}>
      {messages.completeKyc}
    </Link>
  );
}
