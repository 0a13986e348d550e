import { messages } from '@exchange/contracts';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../lib/paths';
import { HotWalletPanel } from '../components/admin/hot-wallet-panel';
import { UtxoBatchesPanel } from '../components/admin/utxo-batches-panel';
import { WithdrawalsTable } from '../components/admin/withdrawals-table';

/**
 * /admin-withdrawals (issue 38): the withdrawals waiting for an admin, and every other one, with the
 * flags that sent them to the queue; Approve hands one to the payout job, Reject refunds it. The hot
 * wallet panel above says whether the chains' hot wallets can cover the approved coin withdrawals; on a
 * phone it comes after the queue, so the queue is what the operator sees first (issue 46).
 */
export function AdminWithdrawalsPage() {
  // /admin-withdrawals/<id>: one withdrawal's own URL (issue 46), the list showing only it.
  const { id } = useParams();
  if (id)
    return (
      <div>
        <PageHeader
          title={messages.adminWithdrawalsTitle}
          actions={
            <Link to={paths.adminWithdrawals} className="text-sm text-accent underline">
              All withdrawals
            </Link>
          }
        />
        <WithdrawalsTable withdrawalId={id} />
      </div>
    );
  return (
    <div>
      <PageHeader title={messages.adminWithdrawalsTitle} />
      <div className="flex flex-col">
        <div className="order-2 md:order-1">
          <HotWalletPanel />
          <UtxoBatchesPanel />
        </div>
        <div className="order-1 md:order-2">
          <WithdrawalsTable />
        </div>
      </div>
    </div>
  );
}
