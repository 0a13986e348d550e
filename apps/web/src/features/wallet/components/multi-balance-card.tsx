import type { WalletCurrency } from '@exchange/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatAmount, formatUsd } from '../../../lib/format';

/**
 * The MULTI box. The spec shows a fixed placeholder of 100 Multi; MULTI is a real ledger asset here
 * (bought on /multicoin), so the box shows the real balance, valued at the MULTI index. Withdrawing is
 * not offered yet: 'Coming Soon ...'.
 */
export function MultiBalanceCard({
  multi,
  loading,
}: {
  readonly multi: WalletCurrency | undefined;
  readonly loading: boolean;
}) {
  return (
    <Card
      title="MULTI"
      actions={
        <Button variant="secondary" disabled>
          Coming Soon ...
        </Button>
      }
    >
      <div className="flex items-center gap-3">
        <CoinIcon code="MULTI" className="size-7" />
        {loading ? (
          <Skeleton className="h-9 w-40" />
        ) : (
          <p className="text-3xl font-semibold text-ink tabular-nums" data-testid="multi-balance">
            {formatAmount(multi?.balance ?? '0', 4)} Multi
          </p>
        )}
      </div>
      <p className="mt-2 text-xs text-muted tabular-nums">
        Worth {formatUsd(multi?.asset_value ?? '0')} at the MULTI index.
      </p>
    </Card>
  );
}
