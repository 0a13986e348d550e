import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CoinIcon } from '../../../components/ui/coin-icon';

/** Spec section 9: the MULTI box shows a fixed placeholder of 100 Multi; withdrawing is not offered yet. */
export const MULTI_PLACEHOLDER_BALANCE = '100';

export function MultiBalanceCard() {
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
        <p className="text-3xl font-semibold text-ink tabular-nums">{MULTI_PLACEHOLDER_BALANCE} Multi</p>
      </div>
      <p className="mt-2 text-xs text-muted">A fixed placeholder balance until the platform coin launches.</p>
    </Card>
  );
}
