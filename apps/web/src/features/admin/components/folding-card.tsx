import { type ReactNode, useId, useState } from 'react';

/** True on a screen as wide as a tablet or wider; true where the browser cannot tell (tests, prerender). */
export function wideScreen(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(min-width: 768px)').matches;
}

/**
 * A dashboard section whose title folds it (issue 46): open on a wide screen, folded on a phone unless
 * `openOnPhone`, so the phone's dashboard is a list of titles to open instead of a page 8,000 px tall.
 * The title is a button that says whether the section is open (aria-expanded).
 */
export function FoldingCard({
  title,
  actions,
  openOnPhone = false,
  around = false,
  children,
}: {
  readonly title: string;
  readonly actions?: ReactNode;
  readonly openOnPhone?: boolean;
  /**
   * The children are a card of their own (the solvency panel): on a wide screen they show as they
   * are, on a phone under a folding title.
   */
  readonly around?: boolean;
  readonly children: ReactNode;
}) {
  const [wide] = useState(wideScreen);
  const [open, setOpen] = useState(() => openOnPhone || wide);
  const bodyId = useId();
  if (around && wide) return <>{children}</>;
  return (
    <section className="rounded-lg border border-line bg-surface p-4 sm:p-6">
      <header className={`flex flex-wrap items-center justify-between gap-3 ${open ? 'mb-4' : ''}`}>
        <h2 className="text-base font-semibold text-ink">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((was) => !was)}
            className="inline-flex items-center gap-2 text-left hover:text-accent focus-visible:text-accent"
          >
            <span
              aria-hidden="true"
              className={`inline-block transition-transform ${open ? 'rotate-90' : ''}`}
            >
              ›
            </span>
            {title}
          </button>
        </h2>
        {open ? actions : null}
      </header>
      <div id={bodyId} hidden={!open}>
        {open ? children : null}
      </div>
    </section>
  );
}
