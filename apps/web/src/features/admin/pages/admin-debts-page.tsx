import { messages } from '@exchange/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { DebtsTable } from '../components/debts-table';

/**
 * /admin-debts: what customers owe after a deposit was refunded or charged back once they had spent
 * it. An open debt restricts the account (no sends, swaps or sells) until an admin settles it here.
 */
export function AdminDebtsPage() {
  return (
    <div>
      <PageHeader title={messages.adminDebtsTitle} />
      <DebtsTable />
    </div>
  );
}
