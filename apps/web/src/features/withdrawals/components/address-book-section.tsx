import { formatMessage, messages, type WithdrawalAddress } from '@exchange/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable, DEFAULT_PAGE_SIZE } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { chainName, useDepositNetworks } from '../../chain-deposits/api/get-deposit-networks';
import { useRemoveWithdrawalAddress, useWithdrawalAddresses } from '../api/withdrawal-addresses';
import { AddAddressDialog } from './add-address-dialog';

function columns(
  nameOf: (chain: string) => string,
  onRemove: (entry: WithdrawalAddress) => void,
): readonly Column<WithdrawalAddress>[] {
  const now = Date.now();
  return [
    {
      id: 'label',
      header: messages.coinWithdrawSaveLabel,
      cell: (row) => <span className="break-all">{row.label}</span>,
    },
    { id: 'chain', header: messages.coinWithdrawNetwork, cell: (row) => nameOf(row.chain) },
    {
      id: 'address',
      header: messages.coinWithdrawAddressLabel,
      cell: (row) => <code className="font-mono text-xs break-all">{row.address}</code>,
    },
    {
      id: 'usable',
      header: 'Status',
      cell: (row) =>
        new Date(row.usable_at).getTime() > now ? (
          <Badge tone="warning">
            {formatMessage(messages.addressBookUsableFrom, { time: formatDateTime(row.usable_at) })}
          </Badge>
        ) : (
          <Badge tone="success">{messages.addressBookUsable}</Badge>
        ),
    },
    {
      id: 'actions',
      header: '',
      align: 'right',
      cell: (row) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${messages.addressBookRemove} ${row.label}`}
          onClick={() => onRemove(row)}
        >
          {messages.addressBookRemove}
        </Button>
      ),
    },
  ];
}

/**
 * The withdrawal address book, on the Security page: where a customer of an exchange looks for it
 * (an allow-list of destinations is a security control, like two-factor and API keys), and where
 * adding one is proved by the second factor. Paged and searched on the server; Remove asks first.
 * The withdraw dialog picks from the same book.
 */
export function AddressBookSection() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useWithdrawalAddresses({ page, limit: DEFAULT_PAGE_SIZE, search });
  const coinChains = useDepositNetworks();
  const remove = useRemoveWithdrawalAddress();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WithdrawalAddress | null>(null);

  const chains = new Map<string, { name: string; prefix: string | null }>();
  // A chain coins only come in on takes no withdrawal address; a Bitcoin-family one checks its own prefix.
  for (const coin of coinChains.data ?? [])
    for (const offered of coin.networks)
      if (offered.withdrawable !== false && !chains.has(offered.chain))
        chains.set(offered.chain, { name: offered.name, prefix: offered.address_prefix ?? null });
  const chainOptions = [...chains].map(([value, { name, prefix }]) => ({ value, label: name, prefix }));

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const response = await remove.mutateAsync(removing._id);
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card
      title={messages.addressBookTitle}
      actions={
        <Button size="sm" onClick={() => setAdding(true)} disabled={chainOptions.length === 0}>
          {messages.addressBookAdd}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-muted">{messages.addressBookIntro}</p>
      <DataTable
        label={messages.addressBookTitle}
        searchLabel={messages.addressBookSearch}
        columns={columns((chain) => chainName(coinChains.data, chain), setRemoving)}
        rows={list.data?.rows}
        rowKey={(row) => row._id}
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
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
        emptyMessage={messages.addressBookEmpty}
      />
      {adding ? <AddAddressDialog open onOpenChange={setAdding} chains={chainOptions} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={messages.addressBookRemove}
        description={formatMessage(messages.addressBookRemoveConfirm, {
          label: removing?.label ?? '',
          address: removing?.address ?? '',
        })}
        confirmVariant="danger"
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
