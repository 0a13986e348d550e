import { messages } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

/** How long the button says 'Copied' after a copy. */
export const COPIED_FOR_MS = 2_000;

/**
 * Copies an address to the clipboard; the button itself says 'Copied' for a moment. Where the browser
 * refuses the clipboard, the address (shown in `targetId`) is selected so the person can copy it.
 */
export function CopyAddressButton({
  value,
  targetId,
}: {
  readonly value: string;
  readonly targetId: string;
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
      <Button variant="secondary" size="sm" onClick={() => void copy()} title={messages.coinDepositCopy}>
        {copied ? messages.copied : 'Copy'}
      </Button>
      <span role="status" className="sr-only">
        {copied ? messages.copied : ''}
      </span>
    </>
  );
}
