import { messages } from '@exchange/contracts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { borderFor, controlClasses } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';

/** A read-only value with a Copy button; the value stays selectable where the clipboard is refused. */
export function CopyField({ label, value }: { readonly label: string; readonly value: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(messages.copied);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          className={cn(controlClasses, borderFor(), 'min-w-0 flex-1 font-mono')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </Button>
      </div>
    </div>
  );
}
