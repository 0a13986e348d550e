import { formatMessage, messages } from '@exchange/contracts';
import { type ReactNode, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { CompleteKycLink } from '../../kyc/components/complete-kyc-link';
import { useDepositNetworks } from '../api/get-deposit-networks';
import { movableCoinChoices, unmovableCoinList } from '../model/movable-coins';
import { DepositAddressPanel } from './deposit-address-panel';
import { RecentChainDeposits } from './recent-chain-deposits';

/**
 * Wallet → Deposit crypto: pick a coin, then its chain when it has more than one (issue 47: no chain is
 * picked for the customer, so a wrong one is never shown silently), and get your own address with its
 * QR code, the minimum, the confirmations and the wrong-network warning above it; your latest deposits of
 * that coin follow. The picker offers only the coins a chain is configured for, and one sentence under
 * it names the others (issue 45); a customer who has not passed KYC gets 'Please Complete Your Kyc'
 * instead of an address (spec section 4).
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
    const choices = movableCoinChoices(coins);
    const notYet = unmovableCoinList(coins);
    const asset = picked ?? choices[0]?.value ?? '';
    const available = coins.find((coin) => coin.asset === asset)?.networks ?? [];
    // A coin on one network shows it; on several, the customer picks one (none is picked for them).
    const network =
      available.length > 1 ? available.find((item) => item.chain === pickedChain) : available[0];
    body = (
      <div className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {choices.length > 0 ? (
            <Select
              label={messages.coinDepositCoin}
              options={choices}
              value={asset}
              onChange={(event) => {
                setPicked(event.target.value);
                setPickedChain(null);
              }}
            />
          ) : null}
          {available.length > 1 ? (
            <Select
              label={messages.coinDepositNetwork}
              placeholder={messages.coinDepositNetworkPlaceholder}
              options={available.map((item) => ({ value: item.chain, label: item.name }))}
              value={network?.chain ?? ''}
              onChange={(event) => setPickedChain(event.target.value || null)}
            />
          ) : null}
        </div>
        {notYet ? (
          <p className="-mt-2 text-sm text-muted" data-testid="coins-not-yet">
            {formatMessage(messages.coinDepositNotYet, { assets: notYet })}
          </p>
        ) : null}
        {available.length > 1 && !network ? (
          <p className="text-sm font-semibold text-ink" data-testid="deposit-choose-network">
            {formatMessage(messages.coinDepositChooseNetwork, { asset, count: String(available.length) })}
          </p>
        ) : null}
        {network ? (
          kycVerified ? (
            <>
              <DepositAddressPanel
                key={`${asset}:${network.chain}`}
                asset={asset}
                network={network}
                severalNetworks={available.length > 1}
              />
              <RecentChainDeposits asset={asset} coins={coins} />
            </>
          ) : (
            <div className="flex flex-col items-start gap-3">
              <p className="text-sm text-muted">{messages.coinDepositKycNote}</p>
              <CompleteKycLink />
            </div>
          )
        ) : null}
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
