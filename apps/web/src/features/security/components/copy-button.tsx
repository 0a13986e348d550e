import { messages } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * Copies a value to the clipboard and says 'Copied' for a moment; where the browser refuses the
 * clipboard, the text shown in `targetId` is selected so the person can copy it by hand.
 */
export function CopyButton({
  value,
  targetId,
  label,
}: {
  readonly value: string;
  readonly targetId: string;
  /** The button's accessible name, e.g. 'Copy Secret key'. */
  readonly label: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
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
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={label}>
      {copied ? messages.apiKeyCopied : messages.apiKeyCopy}
    </Button>
  );
}
