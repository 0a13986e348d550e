import { messages as m, type WithdrawalAddress } from '@exchange/contracts';
import type { AppContext } from '../../../platform/app-context';
import { AppError } from '../../../platform/errors';
import { toWithdrawalAddress } from './withdrawal-address-views';
import { deleteWithdrawalAddress } from './withdrawal-addresses.repository';

/**
 * Removes an entry from the customer's book (another customer's answers 404). Withdrawals made to it
 * keep their address and label; the entry's id on them becomes null.
 */
export async function removeWithdrawalAddress(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  addressId: string,
): Promise<WithdrawalAddress> {
  const removed = await deleteWithdrawalAddress(ctx.db, userId, addressId);
  if (!removed) throw new AppError('not_found', m.withdrawalAddressNotFound);
  return toWithdrawalAddress(removed);
}
