import { messages } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { Button } from './button';

/** How long the button says 'Copied' after a copy. */
export const COPIED_FOR_MS = 2_000;

/**
 * Copies a value (a deposit address, an API key's secret) to the clipboard; the button says 'Copied'
 * for a moment and a status line tells screen readers. Where the browser refuses the clipboard, the
 * text shown in `targetId` is selected so the person can copy it by hand.
 */
export function CopyButton({
  value,
  targetId,
  label,
  title,
}: {
  readonly value: string;
  readonly targetId: string;
  /** The button's accessible name when 'Copy' alone would be ambiguous, e.g. 'Copy Secret key'. */
  readonly label?: string;
  readonly title?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      const target = document.getElementById(targetId);
      if (target) window.getSelection()?.selectAllChildren(target);
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={label} title={title}>
        {copied ? messages.copied : messages.copy}
      </Button>
      <span role="status" className="sr-only">
        {copied ? messages.copied : ''}
      </span>
    </>
  );
}
