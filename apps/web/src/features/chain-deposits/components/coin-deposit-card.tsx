import { formatMessage, messages } from '@exchange/contracts';
import { ASSETS } from '@exchange/domain';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { CompleteKycLink } from '../../kyc/components/complete-kyc-link';
import { type DepositCoin, useDepositNetworks } from '../api/get-deposit-networks';
import { DepositAddressPanel } from './deposit-address-panel';
import { RecentChainDeposits } from './recent-chain-deposits';

/** Every coin the wallet holds, in the wallet's order, then any other the server can take in. */
function coinChoices(coins: readonly DepositCoin[]) {
  const known = ASSETS.filter((asset) => asset.type === 'CRYPTO').map((asset) => ({
    value: asset.code as string,
    label: `${asset.name} (${asset.code})`,
  }));
  const extra = coins
    .filter((coin) => !known.some((choice) => choice.value === coin.asset))
    .map((coin) => ({ value: coin.asset, label: coin.asset }));
  return [...known, ...extra];
}

/**
 * Wallet → Deposit crypto: pick a coin, then its chain when it has more than one, and get your own
 * address with its QR code, the minimum, the confirmations and the warning; your latest deposits of
 * that coin follow. A coin no chain is configured for keeps 'Coming Soon ...'; a customer who has not
 * passed KYC gets 'Please Complete Your Kyc' instead of an address (spec section 4).
 */
export function CoinDepositCard({ kycVerified }: { readonly kycVerified: boolean }) {
  const networks = useDepositNetworks();
  const [picked, setPicked] = useState<string | null>(null);
  const [pickedChain, setPickedChain] = useState<string | null>(null);

  let body: ReactNode;
  if (networks.isPending) body = <SkeletonText lines={4} />;
  else if (networks.error)
    body = (
      <ErrorState
        title={messages.coinDepositNetworksFailed}
        message={errorMessage(networks.error)}
        onRetry={() => void networks.refetch()}
      />
    );
  else {
    const coins = networks.data;
    const choices = coinChoices(coins);
    const asset = picked ?? coins.find((coin) => coin.networks.length > 0)?.asset ?? choices[0]?.value ?? '';
    const available = coins.find((coin) => coin.asset === asset)?.networks ?? [];
    const network = available.find((item) => item.chain === pickedChain) ?? available[0];
    body = (
      <div className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={messages.coinDepositCoin}
            options={choices}
            value={asset}
            onChange={(event) => {
              setPicked(event.target.value);
              setPickedChain(null);
            }}
          />
          {available.length > 1 && network ? (
            <Select
              label={messages.coinDepositNetwork}
              options={available.map((item) => ({ value: item.chain, label: item.name }))}
              value={network.chain}
              onChange={(event) => setPickedChain(event.target.value)}
            />
          ) : null}
        </div>
        {network ? (
          kycVerified ? (
            <>
              <DepositAddressPanel key={`${asset}:${network.chain}`} asset={asset} network={network} />
              <RecentChainDeposits asset={asset} coins={coins} />
            </>
          ) : (
            <div className="flex flex-col items-start gap-3">
              <p className="text-sm text-muted">{messages.coinDepositKycNote}</p>
              <CompleteKycLink />
            </div>
          )
        ) : (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted">{formatMessage(messages.coinDepositComingSoon, { asset })}</p>
            <Button variant="secondary" disabled>
              {messages.comingSoon}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <Card title={messages.coinDepositTitle} className="mt-6">
      <p className="mb-4 text-sm text-muted">{messages.coinDepositIntro}</p>
      {body}
    </Card>
  );
}
