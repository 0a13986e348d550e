import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { AdminNftItemsTable, AdminNftSalesTable } from '../components/admin-nft-tables';
import { CreateNftForm } from '../components/create-nft-form';

/** /admin-nft: create items, activate or hide them, and see every sale. */
export function AdminNftPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="NFT Marketplace" />
      <CreateNftForm />
      <Tabs
        label="NFT Marketplace"
        items={[
          { id: 'items', label: 'NFTs', content: <AdminNftItemsTable /> },
          { id: 'sales', label: 'Sales', content: <AdminNftSalesTable /> },
        ]}
      />
    </div>
  );
}
