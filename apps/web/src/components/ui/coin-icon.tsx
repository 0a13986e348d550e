import { useState } from 'react';
import { cn } from '../../lib/cn';

interface CoinIconProps {
  /** The asset's code ('BTC'); the icon ships with the app under /coins/<code>.svg. */
  readonly code: string;
  /** An icon the API names instead (it points at the same shipped files). */
  readonly src?: string;
  readonly className?: string;
}

/**
 * A coin's icon. Decorative: the code or name is always written beside it, so screen readers skip it.
 * A missing icon falls back to the code's first letter rather than a broken image.
 */
export function CoinIcon({ code, src, className }: CoinIconProps) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-raised text-xs font-semibold text-muted',
          className,
        )}
      >
        {code.slice(0, 1)}
      </span>
    );
  return (
    <img
      src={src || `/coins/${code.toLowerCase()}.svg`}
      alt=""
      aria-hidden="true"
      width={24}
      height={24}
      loading="lazy"
      onError={() => setFailed(true)}
      className={cn('size-6 shrink-0 rounded-full', className)}
    />
  );
}
