import { Link } from 'react-router';

/** The product mark: a gold diamond and the name. */
export function Brand({ to = '/' }: { readonly to?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded text-lg font-bold tracking-tight text-ink"
    >
      <svg viewBox="0 0 24 24" className="size-7 text-accent" aria-hidden="true" fill="currentColor">
        <path d="M12 2l4 4-4 4-4-4 4-4zm-6 6l4 4-4 4-4-4 4-4zm12 0l4 4-4 4-4-4 4-4zm-6 6l4 4-4 4-4-4 4-4z" />
      </svg>
      <span>Exchange</span>
    </Link>
  );
}
