import { ok, type Result, reject } from '../result';
import { keccak256OfText } from './keccak256';

/**
 * Where coins may be sent (issue 38): an EVM address, checked by EIP-55. An all-lower or all-upper
 * address carries no checksum and is accepted, then written checksummed; a mixed-case one carries the
 * checksum and must match it (a typo in one character is caught before coins leave).
 */

export type ChainAddressRejection =
  | 'address_required'
  | 'address_invalid'
  | 'address_checksum'
  | 'address_zero'
  | 'address_own';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The EIP-55 checksummed form of a 0x address of 40 hex characters (any case). */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak256OfText(hex);
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const char = hex[i]!;
    out += Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * Reads a typed address: required ('address_required'), 0x and 40 hex characters ('address_invalid'),
 * and, when mixed-case, its checksum right ('address_checksum'). Answers it checksummed.
 */
export function checkChainAddress(text: string): Result<string, ChainAddressRejection> {
  const typed = text.trim();
  if (typed === '') return reject('address_required');
  if (!/^0x[0-9a-fA-F]{40}$/.test(typed)) return reject('address_invalid');
  const checksummed = toChecksumAddress(typed);
  const body = typed.slice(2);
  const uniform = body === body.toLowerCase() || body === body.toUpperCase();
  if (!uniform && typed !== checksummed) return reject('address_checksum');
  return ok(checksummed);
}

/**
 * An address coins may be withdrawn to: a valid one (checkChainAddress), not the zero address (coins
 * sent there are burnt: 'address_zero'), and none of the exchange's own (the customer's deposit
 * address, the hot wallet: 'address_own'), which would only move coins in a circle and credit nothing.
 */
export function checkWithdrawalDestination(
  text: string,
  own: readonly string[],
): Result<string, ChainAddressRejection> {
  const checked = checkChainAddress(text);
  if (!checked.ok) return checked;
  if (checked.value === ZERO_ADDRESS) return reject('address_zero');
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

/**
 * A coin's amount in the ledger's minor units (`scale` places) on the chain (`decimals` places), the
 * inverse of chainAmountToMinor. A finer amount than the chain keeps is cut down (the house keeps the
 * dust); withdrawal amounts are refused finer than min(scale, decimals), so none is cut in practice.
 */
export function minorToChainAmount(minor: bigint, decimals: number, scale: number): bigint {
  if (minor < 0n) throw new Error('a chain amount is never negative');
  return decimals >= scale
    ? minor * 10n ** BigInt(decimals - scale)
    : minor / 10n ** BigInt(scale - decimals);
}

/** An address shortened for lists: 0x5aAe…eAed. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
