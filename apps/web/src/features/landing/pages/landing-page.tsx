import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Island } from '../../../components/island';
import { CoinCarousel } from '../../market/components/coin-carousel';
import { TopMarketsTable } from '../../market/components/top-markets-table';
import { Hero } from '../components/hero';
import { FeaturesSection, OffersSection, SecuritySection } from '../components/marketing-sections';
import { SectionHeading } from '../components/section-heading';
import { SupportSection } from '../components/support-section';

/**
 * The header's anchors (/#features …). The root layout scrolls on a hash change, but this page loads
 * lazily (its sections may not exist yet then) and clicking the same anchor twice changes no hash, so
 * the page scrolls again on every navigation that carries one.
 */
function useScrollToHash() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) is the trigger, even to the same hash
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [key]);
}

function MarketsSection() {
  return (
    <section
      id="markets"
      aria-labelledby="markets-title"
      className="below-first-screen scroll-mt-20 border-b border-line"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        <SectionHeading id="markets-title" eyebrow="Markets" title="Top Cryptocurrency">
          Live prices of every coin we list, in US dollars, with the change over the last 24 hours.
        </SectionHeading>
        <div className="mt-8">
          <Island name="markets">
            <TopMarketsTable />
          </Island>
        </div>
      </div>
    </section>
  );
}

/** Spec section 2, Landing: hero with the calculator, live coins, marketing, markets, support and newsletter. */
export function LandingPage() {
  useScrollToHash();
  return (
    <>
      <Hero />
      <div className="border-b border-line bg-surface/40">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
          <Island name="carousel">
            <CoinCarousel />
          </Island>
        </div>
      </div>
      <FeaturesSection />
      <MarketsSection />
      <OffersSection />
      <SecuritySection />
      <SupportSection />
    </>
  );
}
