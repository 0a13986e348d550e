import { withdrawalPausedUntil } from '@exchange/domain';
import type { Config } from '../../platform/config';

/** The latest change to how the account is protected: the password (changed or reset), two-factor turned on. */
export function lastSecurityChangeOf(user: { passwordChangedAt: Date | null; totpEnabledAt: Date | null }) {
  const times = [user.passwordChangedAt, user.totpEnabledAt].filter((d): d is Date => d !== null);
  return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
}

/**
 * When the account's withdrawal pause after a security change ends, as an ISO time, or null when
 * withdrawals are not paused: what the withdraw form, the wallet and the Security page tell up front.
 */
export function withdrawalsPausedUntilOf(
  config: Pick<Config, 'withdrawals'>,
  user: { passwordChangedAt: Date | null; totpEnabledAt: Date | null },
  now: Date,
): string | null {
  const until = withdrawalPausedUntil({
    lastSecurityChangeAt: lastSecurityChangeOf(user),
    coolDownMs: config.withdrawals.coolDownMs,
    now,
  });
  return until ? until.toISOString() : null;
}
