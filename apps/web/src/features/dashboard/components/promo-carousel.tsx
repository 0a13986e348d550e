import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';

/** Spec section 9: the carousel moves on every 5 seconds. */
export const PROMO_AUTOPLAY_MS = 5_000;

const promos = [
  { title: 'Buy', text: 'Buy crypto with US dollars in a few clicks.', cta: 'Buy crypto', to: paths.buySell },
  {
    title: 'Trade at 0.1% fees over 10 tokens',
    text: 'Low fees on every market we list.',
    cta: 'Start trading',
    to: paths.buySell,
  },
  {
    title: 'Stake up to 10% APY',
    text: 'Lock tokens for 30 to 120 days and earn.',
    cta: 'Stake now',
    to: paths.stake,
  },
] as const;

/** Embla measures with these; without them (jsdom) the slides are simply shown one after another. */
const canMeasure =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  typeof ResizeObserver !== 'undefined' &&
  typeof IntersectionObserver !== 'undefined';

function PromoSlide({ promo, index }: { readonly promo: (typeof promos)[number]; readonly index: number }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group; a fieldset would imply a form
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${promos.length}`}
      className="min-w-0 shrink-0 grow-0 basis-full"
    >
      <div className="flex h-full flex-col justify-between gap-4 rounded-lg border border-accent/30 bg-gradient-to-br from-raised to-surface p-6">
        <div>
          <h3 className="text-xl font-semibold text-ink">{promo.title}</h3>
          <p className="mt-1 text-sm text-muted">{promo.text}</p>
        </div>
        <Link to={promo.to} className={buttonClasses('secondary', 'sm', 'self-start')}>
          {promo.cta}
        </Link>
      </div>
    </div>
  );
}

/** The three promos, or, where the browser cannot run the carousel, the same slides stacked. */
export function PromoCarousel() {
  if (!canMeasure)
    return (
      <section aria-label="Promotions" className="flex flex-col gap-3">
        {promos.map((promo, index) => (
          <PromoSlide key={promo.title} promo={promo} index={index} />
        ))}
      </section>
    );
  return <AutoplayCarousel />;
}

/**
 * The three promos, auto-advancing every 5 seconds. Autoplay stops on hover, on keyboard focus and
 * with the Pause button (WCAG 2.2.2), and arrows and dots move by hand.
 */
function AutoplayCarousel() {
  const [autoplay] = useState(() =>
    Autoplay({
      delay: PROMO_AUTOPLAY_MS,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    embla.on('select', onSelect).on('reInit', onSelect);
    embla.on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
      embla.off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [embla]);

  const togglePlay = useCallback(() => {
    const plugin = embla?.plugins().autoplay;
    if (!plugin) return;
    if (plugin.isPlaying()) plugin.stop();
    else plugin.play();
  }, [embla]);

  return (
    <section aria-roledescription="carousel" aria-label="Promotions" className="relative">
      <div ref={viewportRef} className="overflow-hidden rounded-lg">
        <div className="flex">
          {promos.map((promo, index) => (
            <PromoSlide key={promo.title} promo={promo} index={index} />
          ))}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          {promos.map((promo, index) => (
            <button
              key={promo.title}
              type="button"
              aria-label={`Show promotion ${index + 1}: ${promo.title}`}
              aria-current={index === selected || undefined}
              onClick={() => embla?.scrollTo(index)}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn('block size-2 rounded-full', index === selected ? 'bg-accent' : 'bg-line')}
              />
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-label="Previous promotion"
            onClick={() => embla?.scrollPrev()}
            className={buttonClasses('ghost', 'sm')}
          >
            <span aria-hidden="true">←</span>
          </button>
          <button type="button" onClick={togglePlay} className={buttonClasses('ghost', 'sm')}>
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            aria-label="Next promotion"
            onClick={() => embla?.scrollNext()}
            className={buttonClasses('ghost', 'sm')}
          >
            <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
    </section>
  );
}
