import { formatMessage, messages as m, type NftDetail } from '@exchange/contracts';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, isApiError, newIdempotencyKey } from '../../../lib/api-client';
import { formatAssetAmount, formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { balanceOf, useWallet } from '../../../shared/wallet/get-wallet';
import { useBuyNft, useNftDetail } from '../api/nft-api';
import { SendToWalletDialog } from '../components/send-to-wallet-dialog';

function ownerText(item: NftDetail): string {
  if (item.is_mine) return m.nftYou;
  return item.owner ?? m.nftHouse;
}

/** An address or contract shortened for the page: 0x5aAe…eAed. */
function short(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** The token on its chain: its id and contract with the explorer's link, or where its mint stands. */
function TokenText({ item }: { readonly item: NftDetail }) {
  if (item.token) {
    const text = `#${item.token.token_id} · ${short(item.token.contract)} (${item.token.chain})`;
    return (
      <span data-testid="nft-token">
        {item.token.explorer_url ? (
          <a href={item.token.explorer_url} target="_blank" rel="noreferrer" className="underline">
            {text}
          </a>
        ) : (
          text
        )}
      </span>
    );
  }
  if (item.chain_state === 'MINTING') return <span data-testid="nft-token">{m.nftMinting}</span>;
  if (item.chain_state === 'MINT_FAILED') return <span data-testid="nft-token">{m.nftMintFailed}</span>;
  return <span data-testid="nft-token">{m.nftCustodialOnly}</span>;
}

/** Where the owner's token went (WITHDRAWN) or is going (SENDING), with the transfer's link. */
function SentTo({ item }: { readonly item: NftDetail }) {
  if (!item.sent_to) return null;
  const text = formatMessage(item.chain_state === 'WITHDRAWN' ? m.nftWithdrawnTo : m.nftSendingTo, {
    address: short(item.sent_to.address),
  });
  return item.sent_to.explorer_url ? (
    <a href={item.sent_to.explorer_url} target="_blank" rel="noreferrer" className="underline">
      {text}
    </a>
  ) : (
    <span title={item.sent_to.address}>{text}</span>
  );
}

/** Buy with a confirmation that shows the price and the buyer's balance of the coin. */
function BuyButton({ item }: { readonly item: NftDetail }) {
  const [open, setOpen] = useState(false);
  const wallet = useWallet();
  const buy = useBuyNft();
  // One key per confirmation: a retried request is not a second purchase.
  const key = useRef(newIdempotencyKey());
  const balance = balanceOf(wallet.data, item.coin);
  const price = formatAssetAmount(item.price, item.coin);
  const confirm = async () => {
    try {
      const response = await buy.mutateAsync({
        id: item._id,
        price: item.price,
        idempotencyKey: key.current,
      });
      toast.success(response.message);
      key.current = newIdempotencyKey();
    } catch (failure) {
      toast.warning(errorMessage(failure));
      key.current = newIdempotencyKey();
      throw failure;
    }
  };
  return (
    <>
      <Button size="lg" onClick={() => setOpen(true)}>
        {m.nftBuy}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={formatMessage(m.nftBuyConfirm, { name: item.name, price, coin: item.coin })}
        confirmLabel={m.nftBuy}
        cancelLabel="Cancel"
        onConfirm={confirm}
      >
        <p className="text-sm text-muted tabular-nums">
          {balance === undefined
            ? 'Loading your balance…'
            : formatMessage(m.nftYourBalance, {
                balance: formatAssetAmount(balance, item.coin),
                coin: item.coin,
              })}
        </p>
      </ConfirmDialog>
    </>
  );
}

function PriceHistory({ item }: { readonly item: NftDetail }) {
  return (
    <Card title={m.nftPriceHistory}>
      {item.history.length === 0 ? (
        <p className="text-sm text-muted">{m.nftNoSales}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="py-2 font-medium">Date</th>
              <th className="py-2 text-right font-medium">Price</th>
            </tr>
          </thead>
          <tbody>
            {item.history.map((sale) => (
              <tr key={sale.createdAt} className="border-t border-line">
                <td className="py-2">{formatDateTime(sale.createdAt)}</td>
                <td className="py-2 text-right tabular-nums">
                  {formatAssetAmount(sale.price, sale.coin)} {sale.coin}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** The server's word that this customer cannot see the item: not found (hidden too) or a bad id. */
function isUnavailable(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** /nft-details?id=…: the item's image, description, owner, price history and Buy. */
export function NftDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useNftDetail(id);
  const [sending, setSending] = useState(false);
  const back = (
    <Link to={paths.nftMarketplace} className={buttonClasses('secondary', 'sm')}>
      Back to {m.nftMarketplace}
    </Link>
  );
  // Hidden by an admin, unknown or a malformed id: said once, with the way back and no retry (a
  // retry gets the same answer). Only a failure that may pass (network, server) offers Try again.
  if (!id || isUnavailable(detail.error))
    return (
      <div>
        <PageHeader title={m.nftMarketplace} />
        <EmptyState message={m.nftNotFound} action={<div className="mt-2">{back}</div>} />
      </div>
    );
  if (detail.error)
    return (
      <div>
        <PageHeader title={m.nftMarketplace} actions={back} />
        <ErrorState
          message={errorMessage(detail.error, m.nftLoadFailed)}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  const item = detail.data;
  if (!item)
    return (
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="aspect-square w-full" />
        <SkeletonText lines={5} />
      </div>
    );
  const canBuy = item.listed && item.status === 'ACTIVE' && !item.is_mine;
  const canSendOut = item.is_mine && !item.listed && item.chain_state === 'MINTED';
  return (
    <div>
      <PageHeader title={item.name} actions={back} />
      <div className="grid gap-6 md:grid-cols-2">
        <img
          src={item.image}
          alt={item.name}
          className="aspect-square w-full rounded-lg bg-raised object-cover"
        />
        <div className="flex min-w-0 flex-col gap-4">
          <Card>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted">Owner</dt>
              <dd className="wrap-anywhere text-ink">{ownerText(item)}</dd>
              <dt className="text-muted">Price</dt>
              <dd className="tabular-nums text-lg font-semibold text-ink">
                {formatAssetAmount(item.price, item.coin)} {item.coin}
              </dd>
              <dt className="text-muted">Status</dt>
              <dd>
                {item.chain_state === 'WITHDRAWN' || item.chain_state === 'SENDING' ? (
                  <SentTo item={item} />
                ) : item.status === 'HIDDEN' ? (
                  <Badge tone="warning">Hidden</Badge>
                ) : item.listed ? (
                  <Badge tone="success">For sale</Badge>
                ) : (
                  <Badge tone="neutral">Not for sale</Badge>
                )}
              </dd>
              <dt className="text-muted">{m.nftToken}</dt>
              <dd className="wrap-anywhere text-ink">
                <TokenText item={item} />
              </dd>
            </dl>
            <p className="mt-4 whitespace-pre-line text-sm text-ink">{item.description}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              {canBuy ? <BuyButton item={item} /> : null}
              {canSendOut ? (
                <Button variant="secondary" onClick={() => setSending(true)}>
                  {m.nftSendOut}
                </Button>
              ) : null}
              {item.is_mine ? (
                <Link to={`${paths.nftMarketplace}?tab=mine`} className={buttonClasses('secondary', 'md')}>
                  {m.nftMyNfts}
                </Link>
              ) : null}
            </div>
          </Card>
          <PriceHistory item={item} />
        </div>
      </div>
      {sending ? <SendToWalletDialog item={item} onClose={() => setSending(false)} /> : null}
    </div>
  );
}
