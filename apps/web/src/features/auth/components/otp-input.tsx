import { type ClipboardEvent, type KeyboardEvent, type Ref, useId, useImperativeHandle, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { OTP_LENGTH } from '../../../lib/config';

interface OtpInputProps {
  /** Digits typed so far; an unfilled box is a space, so a gap cannot pass as a shorter code. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly error?: string;
  readonly disabled?: boolean;
  readonly label?: string;
  readonly ref?: Ref<{ focus: () => void }>;
}

function toDigits(value: string): string[] {
  return Array.from({ length: OTP_LENGTH }, (_, index) => {
    const char = value[index] ?? '';
    return /\d/.test(char) ? char : '';
  });
}

function fromDigits(digits: readonly string[]): string {
  return digits
    .map((digit) => digit || ' ')
    .join('')
    .trimEnd();
}

/**
 * Six masked, numeric boxes. Typing moves forward, Backspace moves back, arrows move freely, and
 * pasting (or a phone's one-time-code autofill into the first box) spreads the digits across.
 */
export function OtpInput({ value, onChange, onBlur, error, disabled, label = 'OTP', ref }: OtpInputProps) {
  const groupId = useId();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const digits = toDigits(value);
  useImperativeHandle(ref, () => ({ focus: () => boxes.current[0]?.focus() }), []);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const fillFrom = (start: number, typed: string) => {
    const incoming = typed.replace(/\D/g, '').split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    let index = start;
    for (const digit of incoming) {
      if (index >= OTP_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    onChange(fromDigits(next));
    focusBox(index);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(fromDigits(next));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFrom(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${groupId}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      <div className="flex gap-2 sm:gap-3">
        {digits.map((digit, index) => (
          <input
            // Positions never reorder, so the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
            key={index}
            ref={(node) => {
              boxes.current[index] = node;
            }}
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            value={digit}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={onBlur}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onChange={(event) => {
              const typed = event.target.value;
              if (typed === '') {
                const next = [...digits];
                next[index] = '';
                onChange(fromDigits(next));
              } else {
                // Typing over a filled box yields two characters; keep the new one.
                fillFrom(
                  index,
                  typed.length === 2 && digit && typed.startsWith(digit) ? typed.slice(1) : typed,
                );
              }
            }}
            className={cn(
              'h-12 w-full min-w-0 rounded-md border bg-raised text-center text-lg font-semibold text-ink tabular-nums',
              'disabled:opacity-60 sm:h-14',
              // A wrong code keeps its red border while a box has focus (see borderFor in field.tsx).
              error ? 'border-danger' : 'border-line focus-visible:border-accent',
            )}
          />
        ))}
      </div>
      {error ? (
        <p id={`${groupId}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
