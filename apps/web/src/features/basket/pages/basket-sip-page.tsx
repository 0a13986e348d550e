import { messages } from '@exchange/contracts';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/**
 * /basket-sip (spec section 2): investment baskets are not offered yet, so every piece of content is
 * hidden and the page is a designed 'Coming Soon' state rather than a list of placeholder baskets.
 */
export function BasketSipPage() {
  return (
    <div>
      <PageHeader title="Investment Basket" description="Invest in a ready-made basket of coins." />
      <Card>
        <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
          <svg viewBox="0 0 64 64" className="size-16 text-accent" aria-hidden="true" fill="none">
            <path
              d="M10 26h44l-5 26a4 4 0 0 1-4 3H19a4 4 0 0 1-4-3l-5-26z"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinejoin="round"
            />
            <path d="M22 26l10-15 10 15" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          </svg>
          <h2 className="text-xl font-semibold text-ink">{messages.basketComingSoon}</h2>
          <p className="max-w-md text-sm text-muted">
            Baskets let you invest in several coins at once. We are still building them.
          </p>
        </div>
      </Card>
    </div>
  );
}
