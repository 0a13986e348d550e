import { messages as m, type NftAdminItem, type NftSaleRow } from '@exchange/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatAssetAmount, formatDateTime } from '../../../lib/format';
import { adminRecordPath } from '../../../lib/paths';
import { useAdminNftSales, useAdminNfts, useUpdateNftStatus } from '../api/nft-api';

/** The back-office lists' look: 10 rows a page, 'Page 1 of 3 · 23 rows', compact cells. */
const ADMIN_LIST = { pageSize: 10, pager: { noun: 'rows' }, compact: true } as const;

/**
 * Every item with its owner and sales; Hide takes it off the marketplace, Activate puts it back. Each
 * name links to the item's own URL (/admin-nft/<id>), where the list is that item (`nftId`).
 */
export function AdminNftItemsTable({ nftId }: { readonly nftId?: string | undefined } = {}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useAdminNfts(nftId ? 1 : page, nftId ? '' : search, nftId);
  const update = useUpdateNftStatus();
  const toggle = async (item: NftAdminItem) => {
    try {
      const response = await update.mutateAsync({
        id: item._id,
        status: item.status === 'ACTIVE' ? 'HIDDEN' : 'ACTIVE',
      });
      toast.success(response.message);
    } catch (failure) {
      toast.warning(errorMessage(failure));
    }
  };
  const columns: readonly Column<NftAdminItem>[] = [
    {
      id: 'item',
      header: 'NFT',
      cell: (item) => (
        <div className="flex items-center gap-2">
          <img src={item.image} alt="" className="size-10 rounded object-cover" />
          <Link to={adminRecordPath('nft', item._id)} className="font-medium text-accent hover:underline">
            {item.name}
          </Link>
        </div>
      ),
    },
    {
      id: 'price',
      header: 'Price',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (item) => `${formatAssetAmount(item.price, item.coin)} ${item.coin}`,
    },
    {
      id: 'owner',
      header: 'Owner',
      className: 'wrap-anywhere text-xs',
      cell: (item) => item.owner_email ?? m.nftHouse,
    },
    // A hidden NFT cannot be bought, whatever its listing says (issue 46).
    {
      id: 'listed',
      header: 'For sale',
      cell: (item) => (item.listed && item.status === 'ACTIVE' ? 'Yes' : 'No'),
    },
    { id: 'sales', header: 'Sales', align: 'right', cell: (item) => item.sales },
    {
      id: 'status',
      header: 'Status',
      cell: (item) => (
        <Badge tone={item.status === 'ACTIVE' ? 'success' : 'warning'}>
          {item.status === 'ACTIVE' ? 'Active' : 'Hidden'}
        </Badge>
      ),
    },
    {
      id: 'action',
      header: 'Action',
      cell: (item) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`${item.status === 'ACTIVE' ? 'Hide' : 'Activate'} ${item.name}`}
          loading={update.isPending && update.variables?.id === item._id}
          onClick={() => void toggle(item)}
        >
          {item.status === 'ACTIVE' ? 'Hide' : 'Activate'}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="NFTs"
      searchLabel="Search NFTs"
      columns={columns}
      rows={list.data?.content}
      rowKey={(item) => item._id}
      server={{
        page,
        total: list.data?.total ?? 0,
        onPageChange: setPage,
        search,
        onSearch: (term) => {
          setSearch(term);
          setPage(1);
        },
      }}
      {...ADMIN_LIST}
      searchPlaceholder="Search by NFT name"
      emptyMessage={m.nftEmpty}
      loading={list.isFetching}
      error={list.isError ? errorMessage(list.error) : undefined}
      onRetry={() => void list.refetch()}
    />
  );
}

const saleColumns: readonly Column<NftSaleRow>[] = [
  {
    id: 'date',
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (sale) => formatDateTime(sale.createdAt),
  },
  { id: 'item_name', header: 'NFT' },
  {
    id: 'seller',
    header: 'Seller',
    className: 'wrap-anywhere text-xs',
    cell: (sale) => sale.seller ?? m.nftHouse,
  },
  { id: 'buyer', header: 'Buyer', className: 'wrap-anywhere text-xs' },
  {
    id: 'price',
    header: 'Price',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (sale) => `${formatAssetAmount(sale.price, sale.coin)} ${sale.coin}`,
  },
  {
    id: 'fee',
    header: 'Fee',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (sale) => `${formatAssetAmount(sale.fee, sale.coin)} ${sale.coin}`,
  },
];

/** Every sale, newest first, searched by the item's name. */
export function AdminNftSalesTable({ nftId }: { readonly nftId?: string | undefined } = {}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useAdminNftSales(nftId ? 1 : page, nftId ? '' : search, nftId);
  return (
    <DataTable
      label="NFT sales"
      searchLabel="Search NFT sales"
      columns={saleColumns}
      rows={list.data?.content}
      rowKey={(sale) => sale._id}
      server={{
        page,
        total: list.data?.total ?? 0,
        onPageChange: setPage,
        search,
        onSearch: (term) => {
          setSearch(term);
          setPage(1);
        },
      }}
      {...ADMIN_LIST}
      searchPlaceholder="Search by NFT name"
      emptyMessage={m.nftNoSales}
      loading={list.isFetching}
      error={list.isError ? errorMessage(list.error) : undefined}
      onRetry={() => void list.refetch()}
    />
  );
}
