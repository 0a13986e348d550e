import { ok, type Result, reject } from '../../result';
import { keccak256OfText } from './keccak256';

/**
 * The EVM family's address rule (issue 38): 0x and 40 hex characters, checked by EIP-55. An all-lower
 * or all-upper address carries no checksum and is accepted, then written checksummed; a mixed-case one
 * carries the checksum and must match it (a typo in one character is caught before coins leave).
 */

export type EvmAddressRejection = 'address_required' | 'address_invalid' | 'address_checksum';

/** The EVM zero address: coins sent there are burnt. */
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
 * Reads a typed EVM address: required ('address_required'), 0x and 40 hex characters
 * ('address_invalid'), and, when mixed-case, its checksum right ('address_checksum'). Answers it
 * checksummed.
 */
export function checkEvmAddress(text: string): Result<string, EvmAddressRejection> {
  const typed = text.trim();
  if (typed === '') return reject('address_required');
  if (!/^0x[0-9a-fA-F]{40}$/.test(typed)) return reject('address_invalid');
  const checksummed = toChecksumAddress(typed);
  const body = typed.slice(2);
  const uniform = body === body.toLowerCase() || body === body.toUpperCase();
  if (!uniform && typed !== checksummed) return reject('address_checksum');
  return ok(checksummed);
}
