import { formatMinor, USD_CENTS_SCALE } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { valueUserWallet } from '../ledger/wallet-valuation';
import { netDepositedCents } from './wallet.repository';

/**
 * The dashboard's two figures: what everything held is worth now (valued as the wallet is, a stale
 * price counting as 0) and the net USD deposited.
 */
export async function getDashboard(
  ctx: Pick<AppContext, 'db' | 'prices' | 'clock' | 'config'>,
  userId: string,
) {
  const valuation = await valueUserWallet(ctx, userId);
  const invested = await netDepositedCents(ctx.db, userId);
  return {
    current_value: formatMinor(valuation.totalCents, USD_CENTS_SCALE),
    total_invested: formatMinor(invested < 0n ? 0n : invested, USD_CENTS_SCALE),
  };
}
