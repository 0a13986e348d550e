import type { WalletCurrency } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatDecimal, formatUsd } from '../../../lib/format';
import { CompleteKycLink } from '../../kyc/components/complete-kyc-link';

interface FiatBalanceCardProps {
  readonly usd: WalletCurrency | undefined;
  readonly loading: boolean;
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly kycVerified: boolean;
  readonly onAddMoney: () => void;
  /** Opens Withdraw (USD to PayPal, issue 38). */
  readonly onWithdraw?: () => void;
}

/** The USD box: the spendable balance, what is held, Withdraw and Add Money (or the KYC prompt). */
export function FiatBalanceCard({
  usd,
  loading,
  error,
  onRetry,
  kycVerified,
  onAddMoney,
  onWithdraw,
}: FiatBalanceCardProps) {
  const action = kycVerified ? (
    <div className="flex flex-wrap gap-2">
      {onWithdraw ? (
        <Button variant="secondary" onClick={onWithdraw} disabled={loading || Boolean(error)}>
          Withdraw
        </Button>
      ) : null}
      <Button onClick={onAddMoney} disabled={loading || Boolean(error)}>
        Add Money
      </Button>
    </div>
  ) : (
    <CompleteKycLink />
  );

  let body: ReactNode;
  if (loading && !usd) body = <Skeleton className="h-9 w-48" />;
  else if (error && !usd) body = <ErrorState message={errorMessage(error)} onRetry={onRetry} />;
  else
    body = (
      <dl className="flex flex-col gap-1">
        <dt className="text-sm text-muted">Total balance (USD)</dt>
        <dd className="text-3xl font-semibold text-ink tabular-nums" data-testid="usd-balance">
          {formatUsd(usd?.balance ?? '0')}
        </dd>
        {usd && formatDecimal(usd.locked, 2) !== '0.00' ? (
          <>
            <dt className="mt-2 text-sm text-muted">Held by open orders and withdrawals</dt>
            <dd className="text-sm text-ink tabular-nums">{formatUsd(usd.locked)}</dd>
          </>
        ) : null}
      </dl>
    );

  return (
    <Card title="Fiat balance" actions={action}>
      {body}
    </Card>
  );
}
