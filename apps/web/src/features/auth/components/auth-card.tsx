import type { ReactNode } from 'react';

interface AuthCardProps {
  readonly title: ReactNode;
  readonly description?: ReactNode;
  readonly children: ReactNode;
  /** Links under the card, such as 'Back To Login'. */
  readonly footer?: ReactNode;
  readonly wide?: boolean;
}

/** The frame of every sign-in screen: a heading, the form, and the links out of it. */
export function AuthCard({ title, description, children, footer, wide = false }: AuthCardProps) {
  return (
    <div className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
      <div className="rounded-xl border border-line bg-surface p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        {description ? <p className="mt-2 text-sm text-muted">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? (
        <div className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm text-muted">{footer}</div>
      ) : null}
    </div>
  );
}

export const textLink = 'rounded font-medium text-accent hover:underline';
