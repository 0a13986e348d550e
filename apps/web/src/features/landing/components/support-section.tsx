import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Island } from '../../../components/island';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../lib/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { SectionHeading } from './section-heading';

// The form sits at the foot of the page; loading it (and react-hook-form with it) after the page keeps
// the landing page's first JavaScript under its 200 KB gzip budget (docs/performance.md).
const NewsletterForm = lazy(async () => ({ default: (await import('./newsletter-form')).NewsletterForm }));

/**
 * In the prerendered landing page the form would be on screen before its script, and a press of
 * Subscribe then would submit it natively (reloading the page); it shows its placeholder until the
 * page is hydrated and its chunk has loaded.
 */
export function LazyNewsletterForm() {
  const placeholder = <Skeleton className="h-11 w-full max-w-md" />;
  if (!useHydrated()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NewsletterForm />
    </Suspense>
  );
}

const questions = [
  {
    question: 'How do I start trading?',
    answer:
      'Create an account, verify your e-mail, complete KYC and deposit US dollars from your wallet page.',
  },
  {
    question: 'What does a trade cost?',
    answer: 'A flat 0.1% of the trade, shown before you confirm.',
  },
  {
    question: 'How long does KYC take?',
    answer: 'Our team reviews your documents and you can follow the status on the KYC page.',
  },
] as const;

/** The Support anchor: answers to common questions, ways to reach us, and the newsletter. */
export function SupportSection() {
  return (
    <section id="support" aria-labelledby="support-title" className="below-first-screen scroll-mt-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div>
          <SectionHeading id="support-title" eyebrow="Support" title="We are here to help">
            Browse the common questions, or raise a ticket and our team answers by e-mail.
          </SectionHeading>
          <div className="mt-8 flex flex-col gap-3">
            {questions.map((item) => (
              <details key={item.question} className="group rounded-lg border border-line bg-surface">
                <summary className="cursor-pointer list-none rounded-lg px-5 py-4 font-medium text-ink marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {item.question}
                    <span
                      aria-hidden="true"
                      className="text-accent transition-transform group-open:rotate-45"
                    >
                      +
                    </span>
                  </span>
                </summary>
                <p className="px-5 pb-4 text-sm text-muted">{item.answer}</p>
              </details>
            ))}
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-4 text-sm text-muted">
            <Link to={paths.support} className={buttonClasses('secondary')}>
              Help and Support
            </Link>
            <a href="mailto:support@example.com" className="rounded hover:text-ink">
              support@example.com
            </a>
          </div>
        </div>
        <div className="flex flex-col justify-center gap-5 rounded-xl border border-line bg-surface p-6 sm:p-8">
          <h3 className="text-2xl font-bold text-ink">Subscribe to our newsletter</h3>
          <p className="text-muted">
            Market news, new coins and product updates, about once a month. No spam.
          </p>
          <Island name="newsletter">
            <LazyNewsletterForm />
          </Island>
        </div>
      </div>
    </section>
  );
}
