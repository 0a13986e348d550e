import type { TopMarketItem } from '@exchange/contracts';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useState } from 'react';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatUsd } from '../../../lib/format';
import { useHydrated } from '../../../lib/use-hydrated';
import { useTopMarkets } from '../hooks/use-top-markets';
import { LISTED_COINS, type ListedCoin } from '../listed-coins';
import { PriceChange } from './price-change';

/** Spec section 9: the carousel advances every 5 seconds. */
export const CAROUSEL_AUTOPLAY_MS = 5_000;

/**
 * Embla's `duration` is not in milliseconds: it is the stiffness of a spring integrated at 60 frames per
 * second (default 25). 20, the fastest value Embla recommends, settles a one-slide move in about the
 * 300 ms the original slider used.
 */
export const CAROUSEL_EMBLA_DURATION = 20;

/**
 * Slide widths carry the breakpoints: one coin below 580 px, two up to 900 px, three above. The
 * padding is the gap, offset by the container's negative margin (Embla's recommended layout).
 */
const slideClasses = 'min-w-0 shrink-0 grow-0 basis-full pl-4 min-[581px]:basis-1/2 min-[901px]:basis-1/3';

function ArrowIcon({ direction }: { readonly direction: 'prev' | 'next' }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className="size-5"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path
        d={direction === 'prev' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function CoinSlide({
  coin,
  index,
  total,
}: {
  /** Without its figures (before the prices arrive) the slide shows placeholders for them. */
  readonly coin: TopMarketItem | ListedCoin;
  readonly index: number;
  readonly total: number;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide a group; a fieldset is for form controls
    <div
      className={slideClasses}
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${total}: ${coin.name}`}
      data-slide=""
    >
      <div className="flex h-full items-center gap-4 rounded-lg border border-line bg-surface p-4">
        <CoinIcon code={coin.ticker} src={coin.image_url} className="size-10" />
        <div className="min-w-0 flex-1">
          <p className="flex items-baseline gap-2">
            <span className="truncate font-semibold text-ink">{coin.name}</span>
            <span className="text-xs text-muted">{coin.ticker}</span>
          </p>
          {'lastPrice' in coin ? (
            <p className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm tabular-nums">
              <span className="text-ink">{formatUsd(coin.lastPrice, 4)}</span>
              <PriceChange value={coin.priceChangePercent} className="text-xs" />
            </p>
          ) : (
            <div className="mt-1 flex h-5 items-center justify-between gap-x-3">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-3 w-12" />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** Visitors who asked for less motion get a still carousel; they can still press Play or the arrows. */
function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const arrowButton =
  'inline-flex size-9 items-center justify-center rounded-full border border-line bg-raised text-ink hover:border-muted';

/**
 * The coins with their live prices, sliding by one every 5 seconds in a loop. Arrows move it by hand;
 * hovering or focusing it pauses the autoplay, and a pause button stops it for good (WCAG 2.2.2).
 */
export function CoinCarousel() {
  const { rows } = useTopMarkets();
  // A fixed id, not useId: the carousel is hydrated as its own root on '/' (app/landing-islands.tsx).
  const regionId = 'coin-carousel-slides';
  // One plugin instance for the carousel's life: a new one per render would make Embla start over.
  const [autoplay] = useState(() => {
    const playOnInit = !prefersReducedMotion();
    const plugin = Autoplay({
      delay: CAROUSEL_AUTOPLAY_MS,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      playOnInit,
    });
    return { plugin, playOnInit };
  });
  const autoplayPlugin = autoplay.plugin;
  // The prerendered landing page shows Pause (the HTML cannot know the visitor's motion preference);
  // hydration must find the same, and the preference shows right after it.
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? (hydrated ? autoplay.playOnInit : true);
  const [viewportRef, embla] = useEmblaCarousel(
    { loop: true, align: 'start', duration: CAROUSEL_EMBLA_DURATION },
    [autoplayPlugin],
  );

  const togglePlaying = () => {
    if (playing) autoplayPlugin.stop();
    else autoplayPlugin.play();
    setChosen(!playing);
  };

  const scrollPrev = useCallback(() => embla?.scrollPrev(), [embla]);
  const scrollNext = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <section aria-roledescription="carousel" aria-label="Coin prices" className="flex flex-col gap-3">
      <div className="flex items-center justify-end gap-2">
        <button
          type="button"
          className={`${arrowButton} w-auto px-3 text-xs font-semibold`}
          aria-pressed={!playing}
          onClick={togglePlaying}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className={arrowButton}
          aria-label="Previous coin"
          aria-controls={regionId}
          onClick={scrollPrev}
        >
          <ArrowIcon direction="prev" />
        </button>
        <button
          type="button"
          className={arrowButton}
          aria-label="Next coin"
          aria-controls={regionId}
          onClick={scrollNext}
        >
          <ArrowIcon direction="next" />
        </button>
      </div>
      <div ref={viewportRef} className="overflow-hidden" data-carousel-viewport="">
        <div id={regionId} className="-ml-4 flex touch-pan-y">
          {/* Before the prices arrive, the listed coins with placeholders for them (listed-coins.ts):
              the slides keep their size, and the carousel is set up once, not again on arrival. */}
          {(rows ?? LISTED_COINS).map((coin, index, all) => (
            <CoinSlide key={coin.ticker} coin={coin} index={index} total={all.length} />
          ))}
        </div>
      </div>
    </section>
  );
}
