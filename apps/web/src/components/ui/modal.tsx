import * as Dialog from '@radix-ui/react-dialog';
import type { FormHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ModalProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: ReactNode;
  /** Read out with the title; omit it when the body itself explains the dialog. */
  readonly description?: ReactNode;
  /**
   * With `footer`, the body: it scrolls on its own. Without, the dialog's steps lay themselves out
   * with `ModalBody` and `ModalFooter` (inside a `ModalForm` when they are a form).
   */
  readonly children?: ReactNode;
  /** The dialog's buttons: they stay in view under a body that scrolls. */
  readonly footer?: ReactNode;
  /** A refusal of what the footer's buttons sent, shown just above them so it is seen with them. */
  readonly error?: ReactNode;
  readonly size?: 'sm' | 'md' | 'lg';
  /** `alertdialog` for confirmations that interrupt the user. */
  readonly role?: 'dialog' | 'alertdialog';
  /** While a confirmed action runs, the dialog must not be dismissed half-way. */
  readonly dismissible?: boolean;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * The part of a dialog that scrolls. The header and the footer keep their place, so however long
 * the body grows (a new address, a warning, a server's refusal) the buttons stay on screen.
 */
export function ModalBody({
  children,
  className,
}: {
  readonly children?: ReactNode;
  readonly className?: string;
}) {
  return (
    <div data-modal-body="" className={cn('min-h-0 flex-auto overflow-y-auto px-6 pt-4 pb-1', className)}>
      {children}
    </div>
  );
}

/**
 * A dialog's buttons, with the refusal of what they sent just above them: a form's error is always
 * shown here, never at the end of a body that may have scrolled it out of view.
 */
export function ModalFooter({
  children,
  error,
}: {
  readonly children?: ReactNode;
  readonly error?: ReactNode;
}) {
  return (
    <div className="flex shrink-0 flex-col gap-3 px-6 pt-4 pb-6">
      {error ? (
        <div role="alert" className="text-sm wrap-anywhere text-danger">
          {error}
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">{children}</div>
    </div>
  );
}

/** A dialog step that is a form: its `ModalBody` scrolls and its `ModalFooter` holds the submit button. */
export function ModalForm({ className, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  return <form noValidate className={cn('flex min-h-0 flex-auto flex-col', className)} {...props} />;
}

/** Radix gives focus trapping, Escape to close and focus return; we only style it. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  error,
  size = 'md',
  role = 'dialog',
  dismissible = true,
}: ModalProps) {
  const guard = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          role={role}
          onEscapeKeyDown={guard}
          onPointerDownOutside={guard}
          onInteractOutside={guard}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            // dvh: on a phone the browser's own bars count, so the footer is never under them.
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-lg border border-line bg-surface shadow-2xl',
            widths[size],
          )}
        >
          <div className="shrink-0 px-6 pt-6 pr-12">
            <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
            ) : null}
          </div>
          {footer === undefined ? (
            // The steps lay out their own body and footer; this only scrolls one that does not.
            <div className="flex min-h-0 flex-auto flex-col overflow-y-auto">{children}</div>
          ) : (
            <>
              {children ? <ModalBody>{children}</ModalBody> : null}
              <ModalFooter error={error}>{footer}</ModalFooter>
            </>
          )}
          {dismissible ? (
            <Dialog.Close
              aria-label="Close"
              className="absolute top-3 right-3 rounded p-1 text-muted hover:text-ink"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
