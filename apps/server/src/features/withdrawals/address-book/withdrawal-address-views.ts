import type { WithdrawalAddress } from '@exchange/contracts';
import type { WithdrawalAddressRow } from './withdrawal-addresses.repository';

/** An address-book entry as its owner sees it. */
export function toWithdrawalAddress(row: WithdrawalAddressRow): WithdrawalAddress {
  return {
    _id: row.id,
    chain: row.chain,
    address: row.address,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    usable_at: row.usableAt.toISOString(),
  };
}
