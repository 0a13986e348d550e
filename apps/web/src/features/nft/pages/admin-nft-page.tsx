import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../lib/paths';
import { AdminNftItemsTable, AdminNftSalesTable } from '../components/admin-nft-tables';
import { CreateNftForm } from '../components/create-nft-form';

/** /admin-nft: create items, activate or hide them, and see every sale. */
export function AdminNftPage() {
  // /admin-nft/<id>: one item's own URL (issue 46): that item and its sales.
  const { id } = useParams();
  if (id)
    return (
      <div className="flex flex-col gap-6">
        <PageHeader
          title="NFT Marketplace"
          actions={
            <Link to={paths.adminNft} className="text-sm text-accent underline">
              All NFTs
            </Link>
          }
        />
        <AdminNftItemsTable nftId={id} />
        <AdminNftSalesTable nftId={id} />
      </div>
    );
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
