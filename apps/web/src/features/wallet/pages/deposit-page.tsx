import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { useLiveWalletCurrencies } from '../../../shared/wallet/use-live-wallet';
import { useDepositNetworks } from '../../chain-deposits/api/get-deposit-networks';
import { CoinDepositCard } from '../../chain-deposits/components/coin-deposit-card';
import { RestrictionNotice } from '../../restrictions/components/restriction-notice';
import { useSession } from '../../session/session-context';
import { CoinWithdrawDialog } from '../../withdrawals/components/coin-withdraw-dialog';
import { WithdrawDialog } from '../../withdrawals/components/withdraw-dialog';
import { AccountWithdrawalPauseNotice } from '../../withdrawals/components/withdrawal-pause-notice';
import { AddMoneyDialog } from '../components/add-money-dialog';
import { CryptoAssetsTable } from '../components/crypto-assets-table';
import { FiatBalanceCard } from '../components/fiat-balance-card';
import { MultiBalanceCard } from '../components/multi-balance-card';

/**
 * /deposit, titled as the wallet (spec section 2): the crypto assets, the USD box with Add Money and
 * the MULTI box, and (issue 37) a coin's own deposit address with its recent deposits. After a deposit the spec reloads the page after 3 seconds; here the credit's answer
 * updates the wallet in place and its data is reloaded, so the toast and the screen stay put.
 */
export function DepositPage() {
  const session = useSession();
  const later = useDelayedAction();
  const wallet = useLiveWalletCurrencies();
  const [adding, setAdding] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [withdrawingCoin, setWithdrawingCoin] = useState<string | null>(null);
  const networks = useDepositNetworks();
  // A coin leaves on the chains it arrives on (issue 38); the dialog's terms have the last word.
  const canWithdraw = (symbol: string) =>
    networks.data?.some(
      (coin) => coin.asset === symbol && coin.networks.some((network) => network.withdrawable !== false),
    ) ?? false;

  const usd = wallet.data?.find((currency) => currency.symbol === 'USD');

  const onDeposited = () => {
    setRefreshing(true);
    // The credit's hook has stored the new wallet and refreshed the balances; the notice stays for
    // the 3 seconds after which the spec reloads the page.
    later(() => setRefreshing(false), SUCCESS_REDIRECT_MS);
  };

  return (
    <div>
      <PageHeader title="Wallet" description="Your balances, US dollar deposits and coin deposits." />
      <RestrictionNotice />
      {session.is_kyc_verified ? <AccountWithdrawalPauseNotice className="mb-4" /> : null}
      {refreshing ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-success/40 bg-success/10 px-4 py-2 text-sm text-ink"
        >
          Deposit received. Refreshing your balances…
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <FiatBalanceCard
          usd={usd}
          loading={wallet.isPending}
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
          kycVerified={session.is_kyc_verified}
          onAddMoney={() => setAdding(true)}
          onWithdraw={() => setWithdrawing(true)}
        />
        <MultiBalanceCard
          multi={wallet.data?.find((currency) => currency.symbol === 'MULTI')}
          loading={wallet.isPending}
        />
      </div>
      <CoinDepositCard kycVerified={session.is_kyc_verified} />
      <Card title="Crypto assets" className="mt-6">
        <CryptoAssetsTable
          currencies={wallet.data}
          loading={wallet.isPending}
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
          withdraw={session.is_kyc_verified ? { canWithdraw, onWithdraw: setWithdrawingCoin } : undefined}
        />
      </Card>
      <AddMoneyDialog open={adding} onOpenChange={setAdding} onDeposited={onDeposited} />
      <WithdrawDialog open={withdrawing} onOpenChange={setWithdrawing} />
      <CoinWithdrawDialog asset={withdrawingCoin} onClose={() => setWithdrawingCoin(null)} />
    </div>
  );
}
