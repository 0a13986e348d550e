import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { SwapForm } from '../components/swap-form';

/**
 * /swap: from and to coin and an amount; the server's live quote (rate, fee, what you receive) is shown
 * before the user confirms and fetched again when it expires. Equal coins get an error toast and a
 * reload after 2 s; the amount rules run in the spec's order; 'Are You sure you want to Swap ?' comes
 * before the swap, then the History's Swap tab.
 */
export function SwapPage() {
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Swap" description="Swap one crypto for another at the house's live rate." />
      <Card>
        <SwapForm kind="swap" />
      </Card>
    </div>
  );
}
