import { useState } from 'react';
import { cn } from '../../lib/cn';
import { coinMark } from './coin-marks';

interface CoinIconProps {
  /** The asset's code ('BTC'); the icon ships with the app under /coins/<code>.svg. */
  readonly code: string;
  /** An icon the API names instead (it points at the same shipped files). */
  readonly src?: string;
  readonly className?: string;
}

/**
 * A coin's icon. Decorative: the code or name is always written beside it, so screen readers skip it.
 * A shipped icon is drawn inline (coin-marks.ts); any other address is an image, and a missing one
 * falls back to the code's first letter rather than a broken image.
 */
export function CoinIcon({ code, src, className }: CoinIconProps) {
  const [failed, setFailed] = useState(false);
  const shipped = `/coins/${code.toLowerCase()}.svg`;
  const mark = !src || src === shipped ? coinMark(code) : undefined;
  if (mark)
    return (
      <span
        aria-hidden="true"
        className={cn('inline-flex size-6 shrink-0 rounded-full [&>svg]:size-full', className)}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is one of the app's own files
        dangerouslySetInnerHTML={{ __html: mark }}
      />
    );
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
      src={src || shipped}
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
