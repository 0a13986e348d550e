import { messages } from '@exchange/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { HotWalletPanel } from '../components/admin/hot-wallet-panel';
import { WithdrawalsTable } from '../components/admin/withdrawals-table';

/**
 * /admin-withdrawals (issue 38): the withdrawals waiting for an admin, and every other one, with the
 * flags that sent them to the queue; Approve hands one to the payout job, Reject refunds it. The hot
 * wallet panel above says whether the chains' hot wallets can cover the approved coin withdrawals.
 */
export function AdminWithdrawalsPage() {
  return (
    <div>
      <PageHeader title={messages.adminWithdrawalsTitle} />
      <HotWalletPanel />
      <WithdrawalsTable />
    </div>
  );
}
