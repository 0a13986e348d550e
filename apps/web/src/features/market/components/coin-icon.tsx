import { cn } from '../../../lib/cn';

/**
 * A coin's icon, shipped with the app under /coins/<code>.svg. Decorative: the code or name is always
 * written beside it, so screen readers skip the image.
 */
export function CoinIcon({
  code,
  src,
  className,
}: {
  readonly code: string;
  readonly src?: string;
  readonly className?: string;
}) {
  return (
    <img
      src={src ?? `/coins/${code.toLowerCase()}.svg`}
      alt=""
      aria-hidden="true"
      width={24}
      height={24}
      loading="lazy"
      className={cn('size-6 shrink-0 rounded-full', className)}
    />
  );
}
