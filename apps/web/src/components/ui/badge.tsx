import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral' | 'accent';

const tones: Record<BadgeTone, string> = {
  success: 'border-success/40 bg-success/15 text-success',
  warning: 'border-warning/40 bg-warning/15 text-warning',
  danger: 'border-danger/40 bg-danger/15 text-danger',
  neutral: 'border-line bg-raised text-muted',
  accent: 'border-accent/40 bg-accent/15 text-accent',
};

/** The spec's status colours: done is green, waiting is yellow, refused or ended is red. */
const statusTones: Record<string, BadgeTone> = {
  SUCCESS: 'success',
  APPROVED: 'success',
  ACTIVE: 'success',
  COMPLETED: 'success',
  FILLED: 'success',
  PENDING: 'warning',
  INACTIVE: 'warning',
  OPEN: 'warning',
  REJECTED: 'danger',
  CLOSED: 'danger',
  CANCELLED: 'danger',
  FAILED: 'danger',
};

export function statusTone(status: string): BadgeTone {
  return statusTones[status.toUpperCase()] ?? 'neutral';
}

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  readonly tone?: BadgeTone;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/**
 * A status shown in its spec colour. `label` overrides the text, e.g. a support ticket's INACTIVE is
 * shown as PENDING, and a screen may choose its own tone where the spec says so.
 */
export function StatusBadge({
  status,
  label,
  tone,
}: {
  readonly status: string;
  readonly label?: string;
  readonly tone?: BadgeTone;
}) {
  return <Badge tone={tone ?? statusTone(status)}>{label ?? status}</Badge>;
}
