import { Link } from 'react-router';
import { Island } from '../../../components/island';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { homeFor, paths } from '../../../lib/paths';
import { useSession } from '../../session/session-context';
import { ExchangeCalculator } from './exchange-calculator';

/**
 * Spec section 2: Get Started goes to /dashboard when signed in, /login otherwise; beside it the same
 * Dashboard (by role) or Login button the header shows.
 */
export function HeroActions() {
  const session = useSession();
  if (session.status === 'loading') return <Skeleton className="h-12 w-72" />;
  return (
    <div className="flex flex-wrap gap-3">
      <Link
        to={session.isAuthenticated ? paths.dashboard : paths.login}
        className={buttonClasses('primary', 'lg')}
      >
        Get Started
      </Link>
      {session.isAuthenticated ? (
        <Link to={homeFor(session.role)} className={buttonClasses('secondary', 'lg')}>
          Dashboard
        </Link>
      ) : (
        <Link to={paths.login} className={buttonClasses('secondary', 'lg')}>
          Login
        </Link>
      )}
    </div>
  );
}

const highlights = [
  { value: '10', label: 'coins listed' },
  { value: '0.1%', label: 'trading fee' },
  { value: '10%', label: 'top staking APY' },
] as const;

export function Hero() {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="relative scroll-mt-20 overflow-hidden border-b border-line"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgb(240_185_11/0.12),transparent)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:py-20">
        <div className="flex flex-col gap-6">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            Crypto exchange and wallet
          </p>
          <h1 id="home-title" className="text-4xl leading-tight font-bold text-ink sm:text-5xl">
            Buy, sell and stake crypto in one secure wallet
          </h1>
          <p className="max-w-xl text-base text-muted sm:text-lg">
            Trade Bitcoin, Ethereum and eight more coins against US dollars, swap between them, lock them for
            interest and send them to friends by e-mail.
          </p>
          <Island name="hero-actions">
            <HeroActions />
          </Island>
          <dl className="grid max-w-md grid-cols-3 gap-4 pt-2">
            {highlights.map((item) => (
              <div key={item.label} className="flex flex-col-reverse gap-1">
                <dt className="text-xs text-muted">{item.label}</dt>
                <dd className="text-2xl font-semibold text-ink tabular-nums">{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <Island name="calculator">
          <ExchangeCalculator />
        </Island>
      </div>
    </section>
  );
}
