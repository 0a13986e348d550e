import { messages } from '@exchange/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { WithdrawalsTable } from '../components/withdrawals-table';

/**
 * /admin-withdrawals (issue 38): the withdrawals waiting for an admin, and every other one, with the
 * flags that sent them to the queue; Approve hands one to the payout job, Reject refunds it.
 */
export function AdminWithdrawalsPage() {
  return (
    <div>
      <PageHeader title={messages.adminWithdrawalsTitle} />
      <WithdrawalsTable />
    </div>
  );
}
