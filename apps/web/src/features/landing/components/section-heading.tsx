import type { ReactNode } from 'react';

/** The eyebrow, title and lead every landing section opens with. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  readonly id: string;
  readonly eyebrow: string;
  readonly title: string;
  readonly children?: ReactNode;
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-bold text-ink sm:text-3xl">
        {title}
      </h2>
      {children ? <p className="mt-3 text-base text-muted">{children}</p> : null}
    </div>
  );
}
