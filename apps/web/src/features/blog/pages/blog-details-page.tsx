import { messages } from '@exchange/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';

/** /blog-details (spec section 2): one placeholder article and a Go Back link to /blog-news. */
export function BlogDetailsPage() {
  return (
    <article className="mx-auto max-w-3xl">
      <Link to={paths.blogNews} className={buttonClasses('secondary')}>
        {messages.goBack}
      </Link>
      <div
        className="my-6 h-40 rounded-lg sm:h-56"
        style={{ background: 'linear-gradient(135deg, #f59e0b, #7c3aed)' }}
        aria-hidden="true"
      />
      <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        What moves the price of Bitcoin
      </h1>
      <p className="mt-1 text-sm text-muted">2024-01-10</p>
      <div className="mt-6 flex flex-col gap-4 text-ink">
        <p>
          Prices on an exchange come from people buying and selling. When more people want to buy than to sell
          at the current price, the price rises until enough sellers appear.
        </p>
        <p>
          News, regulation and the wider markets all change how many people want to buy or sell. Nobody can
          predict these moves reliably, so only invest what you can afford to lose.
        </p>
        <p>
          Before you trade, read how fees work, start small and use limit orders when you want to control the
          price you pay.
        </p>
      </div>
    </article>
  );
}
