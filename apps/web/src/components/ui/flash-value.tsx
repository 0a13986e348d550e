import { compareDec, toSignedDec } from '@exchange/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * Shows `children` and flashes green when `value` rises, red when it falls (a CSS animation the
 * reduced-motion rule turns off). `value` is the raw decimal string, compared exactly.
 */
export function FlashValue({
  value,
  children,
  className,
}: {
  readonly value: string | null | undefined;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ direction: 'up' | 'down'; n: number } | null>(null);
  useEffect(() => {
    const before = toSignedDec(previous.current);
    const after = toSignedDec(value);
    previous.current = value;
    if (!before || !after) return;
    const order = compareDec(after, before);
    if (order !== 0) setFlash((last) => ({ direction: order > 0 ? 'up' : 'down', n: (last?.n ?? 0) + 1 }));
  }, [value]);
  return (
    <span
      // A new key restarts the animation on every change, even in the same direction.
      key={flash?.n ?? 0}
      data-flash={flash?.direction}
      className={cn('rounded-sm', flash && (flash.direction === 'up' ? 'flash-up' : 'flash-down'), className)}
    >
      {children}
    </span>
  );
}
