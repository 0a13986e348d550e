import type { AccountRestrictions } from '@exchange/contracts';
import { depositHoldStart, formatMinor, heldDepositCents, USD_CENTS_SCALE } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { depositsCreditedSince } from '../outflow/outflow.repository';
import { openDebtCents } from './debts.repository';

/**
 * What restricts the signed-in user's account, for the wallet's and dashboard's notice: what they owe
 * on open debts (null when nothing), and with the hold period on, the value of deposits still in it.
 */
export async function getAccountRestrictions(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  userId: string,
): Promise<AccountRestrictions> {
  const now = ctx.clock.now();
  const days = ctx.config.depositHoldDays;
  const start = depositHoldStart(now, days);
  const [owed, deposits] = await Promise.all([
    openDebtCents(ctx.db, userId),
    start === null ? Promise.resolve([]) : depositsCreditedSince(ctx.db, userId, start),
  ]);
  return {
    debt_usd: owed > 0n ? formatMinor(owed, USD_CENTS_SCALE) : null,
    hold_days: days,
    held_usd: formatMinor(heldDepositCents(deposits, now, days), USD_CENTS_SCALE),
  };
}
