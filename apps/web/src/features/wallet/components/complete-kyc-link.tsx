import { messages } from '@exchange/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';

/**
 * Spec section 4, KYC gating: where a money-moving action would be, a user who has not passed KYC
 * gets 'Please Complete Your Kyc', which leads to /kyc.
 */
export function CompleteKycLink({ className }: { readonly className?: string }) {
  return (
    <Link to={paths.kyc} className={buttonClasses('primary', 'md', className)}>
      {messages.completeKyc}
    </Link>
  );
}
