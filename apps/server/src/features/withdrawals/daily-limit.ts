import { checkDailyWithdrawalLimit } from '@exchange/domain';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db';
import { withdrawalRuleError } from './withdrawal-rejections';
import { dayBefore } from './withdrawal-terms';
import { withdrawnCentsSince } from './withdrawals.repository';

/**
 * Refuses an outflow worth `outCents` (USD cents) that would take the customer past the daily
 * withdrawal limit, counted over the last 24 hours of coin, USD and NFT withdrawals. Read on its own it
 * only orders the answers; inside the transaction that places the outflow, on the owner's withdrawal
 * lock, it is the check that holds.
 */
export async function assertWithinDailyLimit(
  db: DbOrTx,
  config: Pick<Config, 'withdrawals'>,
  userId: string,
  outCents: bigint,
  assetText: string,
  now: Date,
): Promise<void> {
  const limited = checkDailyWithdrawalLimit({
    usedCents: await withdrawnCentsSince(db, userId, dayBefore(now)),
    outCents,
    limitCents: config.withdrawals.dailyLimitCents,
  });
  if (!limited.ok) throw withdrawalRuleError(limited, assetText);
}
