import {
  type ChainAddressRejection,
  type ChainFamily,
  checkChainAddress,
  isBurnAddress,
} from '../chain/chain-address';
import { ok, type Result, reject } from '../result';

/**
 * Where coins may be sent (issue 38): an address valid by its chain family's rule (chain/chain-address.ts),
 * not one that burns coins, and none of the exchange's own.
 */

/**
 * An address coins may be withdrawn to: a valid one (checkChainAddress), not the zero address (coins
 * sent there are burnt: 'address_zero'), and none of the exchange's own (the customer's deposit
 * address, the hot wallet: 'address_own'), which would only move coins in a circle and credit nothing.
 */
export function checkWithdrawalDestination(
  text: string,
  own: readonly string[],
  family: ChainFamily = 'evm',
  networkPrefix?: string,
): Result<string, ChainAddressRejection> {
  const checked = checkChainAddress(text, family, networkPrefix);
  if (!checked.ok) return checked;
  if (isBurnAddress(checked.value, family)) return reject('address_zero');
  const lower = checked.value.toLowerCase();
  if (own.some((address) => address.toLowerCase() === lower)) return reject('address_own');
  return checked;
}

/**
 * A new address-book entry waits `coolDownMs` before it may be withdrawn to (a thief who adds an
 * address cannot use it before the owner, mailed, can react): 'address_cooling_down' with `until`.
 */
export function checkAddressUsable(usableAt: Date, now: Date): Result<void, 'address_cooling_down'> {
  if (usableAt.getTime() > now.getTime())
    return reject('address_cooling_down', { until: usableAt.toISOString() });
  return ok(undefined);
}

/** An address shortened for lists: 0x5aAe…eAed. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
