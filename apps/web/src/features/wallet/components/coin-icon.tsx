import { useState } from 'react';
import { cn } from '../../../lib/cn';

interface CoinIconProps {
  /** The icon the API names (served by the app itself, /coins/<code>.svg). */
  readonly src: string;
  readonly symbol: string;
  readonly className?: string;
}

/**
 * A coin's icon beside its name; decorative, since the name is always written next to it. A missing
 * icon falls back to the symbol's first letter rather than a broken image.
 */
export function CoinIcon({ src, symbol, className }: CoinIconProps) {
  const [failed, setFailed] = useState(false);
  if (failed || !src)
    return (
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-raised text-xs font-semibold text-muted',
          className,
        )}
      >
        {symbol.slice(0, 1)}
      </span>
    );
  return (
    <img
      src={src}
      alt=""
      width={28}
      height={28}
      loading="lazy"
      onError={() => setFailed(true)}
      className={cn('size-7 shrink-0 rounded-full', className)}
    />
  );
}
