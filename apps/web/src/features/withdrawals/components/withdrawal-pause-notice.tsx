import { formatMessage, messages } from '@exchange/contracts';
import { formatDateTime } from '../../../lib/format';
import { useTwoFactorStatus } from '../../../shared/two-factor/use-two-factor-status';

/**
 * 'Withdrawals are paused until …' (issue 45), in the viewer's time and said plainly: the pause after
 * a change to the password or two-factor is told before anyone fills in a form. Nothing when `until`
 * is null (not paused).
 */
export function WithdrawalPauseNotice({
  until,
  className = '',
}: {
  readonly until: string | null | undefined;
  readonly className?: string;
}) {
  if (!until) return null;
  return (
    <p
      role="status"
      data-testid="withdrawal-pause"
      className={`rounded-md border border-line bg-surface px-4 py-2 text-sm text-ink ${className}`}
    >
      {formatMessage(messages.withdrawalsPausedUntil, { until: formatDateTime(until) })}
    </p>
  );
}

/** The account's pause, as the two-factor status answers it (the wallet and the Security page). */
export function AccountWithdrawalPauseNotice({ className }: { readonly className?: string }) {
  const status = useTwoFactorStatus();
  return <WithdrawalPauseNotice until={status.data?.withdrawals_paused_until} className={className} />;
}
