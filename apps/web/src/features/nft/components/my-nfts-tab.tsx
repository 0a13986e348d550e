import { messages as m, NFT_PAGE_SIZE, type NftCard } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useChangeNftListing, useMyNfts } from '../api/nft-api';
import { NftGrid } from './nft-grid';

/** Asks the owner's price for an item and lists it for sale at that price. */
function ListForSaleDialog({ item, onClose }: { readonly item: NftCard; readonly onClose: () => void }) {
  const [price, setPrice] = useState(item.price.replace(/\.?0+$/, ''));
  const [error, setError] = useState<string | undefined>();
  const change = useChangeNftListing();
  const submit = async () => {
    if (!/^\d+(\.\d+)?$/.test(price.trim()) || !/[1-9]/.test(price)) {
      setError(m.nftPriceInvalid);
      return;
    }
    try {
      const response = await change.mutateAsync({ id: item._id, price: price.trim() });
      toast.success(response.message);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${m.nftListForSale}: ${item.name}`}
      dismissible={!change.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={change.isPending}>
            {m.nftListForSale}
          </Button>
        </>
      }
    >
      <Input
        label="Price"
        inputMode="decimal"
        value={price}
        suffix={item.coin}
        error={error}
        onChange={(event) => {
          setPrice(event.target.value);
          setError(undefined);
        }}
      />
    </Modal>
  );
}

/** What the customer owns: list an item for sale at a price, or withdraw it from sale. */
export function MyNftsTab() {
  const [page, setPage] = useState(1);
  const [listing, setListing] = useState<NftCard | null>(null);
  const list = useMyNfts(page);
  const change = useChangeNftListing();
  const withdraw = async (item: NftCard) => {
    try {
      const response = await change.mutateAsync({ id: item._id, price: null });
      toast.success(response.message);
    } catch (failure) {
      toast.warning(errorMessage(failure));
    }
  };
  return (
    <>
      <NftGrid
        label={m.nftMyNfts}
        items={list.data?.content}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={NFT_PAGE_SIZE}
        onPage={setPage}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={m.nftMyEmpty}
        actions={(item) =>
          item.chain_state === 'WITHDRAWN' || item.chain_state === 'SENDING' ? (
            <p className="text-center text-sm text-muted">
              {item.chain_state === 'WITHDRAWN' ? m.nftWithdrawnAlready : m.nftSending}
            </p>
          ) : item.listed ? (
            <Button
              size="sm"
              variant="secondary"
              fullWidth
              aria-label={`${m.nftWithdrawFromSale}: ${item.name}`}
              loading={change.isPending && change.variables?.id === item._id}
              onClick={() => void withdraw(item)}
            >
              {m.nftWithdrawFromSale}
            </Button>
          ) : (
            <Button
              size="sm"
              fullWidth
              aria-label={`${m.nftListForSale}: ${item.name}`}
              disabled={item.status === 'HIDDEN'}
              onClick={() => setListing(item)}
            >
              {m.nftListForSale}
            </Button>
          )
        }
      />
      {listing ? <ListForSaleDialog item={listing} onClose={() => setListing(null)} /> : null}
    </>
  );
}
