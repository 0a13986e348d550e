import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { SectionHeading } from './section-heading';

const section = 'below-first-screen scroll-mt-20 border-b border-line';
const inner = 'mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20';

function Icon({ path }: { readonly path: string }) {
  return (
    <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent/10 text-accent">
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path d={path} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

const features = [
  {
    title: 'Buy and sell instantly',
    text: 'Market orders fill at once in US dollars; limit orders wait in the book at your price.',
    icon: 'M4 17l5-5 4 4 7-8M15 8h5v5',
  },
  {
    title: 'Swap between coins',
    text: 'Move from one coin to another in a single step, at the rate you see before you confirm.',
    icon: 'M7 4v14m0 0-3-3m3 3 3-3M17 20V6m0 0-3 3m3-3 3 3',
  },
  {
    title: 'Send to friends',
    text: 'Transfer crypto to any registered user by their e-mail address.',
    icon: 'M4 12l16-8-6 16-2.5-6.5L4 12z',
  },
  {
    title: 'One wallet for all',
    text: 'Dollars and coins side by side, with every deposit, trade and stake in your history.',
    icon: 'M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4V7zm0 0V5h12M16 13h.01',
  },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className={section}>
      <div className={inner}>
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to trade crypto">
          A complete exchange and wallet, built for people who want their money to work without the noise.
        </SectionHeading>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-lg border border-line bg-surface p-5">
              <Icon path={feature.icon} />
              <h3 className="mt-4 text-base font-semibold text-ink">{feature.title}</h3>
              <p className="mt-2 text-sm text-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Spec section 9's marketing copy: 0.1% trading fees, staking up to 10% APY. */
export function OffersSection() {
  return (
    <section aria-labelledby="offers-title" className={section}>
      <div className={inner}>
        <h2 id="offers-title" className="sr-only">
          Fees and staking
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <article className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-6 sm:p-8">
            <Icon path="M5 19 19 5M7.5 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm9 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z" />
            <h3 className="text-2xl font-bold text-ink">Trade at 0.1% fees</h3>
            <p className="text-muted">
              One flat fee on every trade, shown before you confirm. No spreads hidden in the price, no
              monthly charges.
            </p>
            <Link to={paths.buySell} className={buttonClasses('secondary', 'md', 'self-start')}>
              Start trading
            </Link>
          </article>
          <article className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-6 sm:p-8">
            <Icon path="M12 3v18M7 8h7a3 3 0 0 1 0 6H8m-1 0h8" />
            <h3 className="text-2xl font-bold text-ink">Stake up to 10% APY</h3>
            <p className="text-muted">
              Lock your coins for 30, 60, 90 or 120 days and earn interest on them, paid back with your stake
              when the term ends.
            </p>
            <Link to={paths.stake} className={buttonClasses('secondary', 'md', 'self-start')}>
              Start staking
            </Link>
          </article>
        </div>
      </div>
    </section>
  );
}

const safeguards = [
  {
    title: 'Verified accounts',
    text: 'Identity checks (KYC) before any trading, so every counterparty is a real person.',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  },
  {
    title: 'Double-entry ledger',
    text: 'Every cent and satoshi is booked twice and reconciled, so balances always add up.',
    icon: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  },
  {
    title: 'Protected sign-in',
    text: 'Strong passwords, e-mail codes for recovery and short-lived sessions that refresh securely.',
    icon: 'M6 11V8a6 6 0 0 1 12 0v3M5 11h14v10H5z',
  },
] as const;

export function SecuritySection() {
  return (
    <section aria-labelledby="security-title" className={section}>
      <div className={inner}>
        <SectionHeading id="security-title" eyebrow="Security" title="Your funds, protected at every step">
          Security is not a feature we added later: it is how the exchange keeps its books.
        </SectionHeading>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {safeguards.map((item) => (
            <li key={item.title} className="flex gap-4 rounded-lg border border-line bg-surface p-5">
              <Icon path={item.icon} />
              <div>
                <h3 className="text-base font-semibold text-ink">{item.title}</h3>
                <p className="mt-1 text-sm text-muted">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
