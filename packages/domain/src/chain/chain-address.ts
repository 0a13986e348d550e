import type { Result } from '../result';
import { checkSegwitAddress } from './bitcoin/segwit-address';
import { checkEvmAddress, ZERO_ADDRESS } from './evm/evm-address';

/**
 * Addresses on any chain the exchange runs, by the chain's family: each family has its own address
 * rule in its folder (chain/evm/: EIP-55; chain/bitcoin/: bech32 and bech32m segwit addresses) and
 * answers the same rejections, so the withdrawal rules and the web form read one function.
 */

/** The chain families the exchange runs; a chain's settings name its family (EVM when absent). */
export type ChainFamily = 'evm' | 'bitcoin';

export type ChainAddressRejection =
  | 'address_required'
  | 'address_invalid'
  | 'address_checksum'
  | 'address_zero'
  | 'address_own';

/**
 * Reads a typed address by its chain family's rule, answered in the family's written form (EIP-55 on
 * EVM, lower-case bech32 on Bitcoin). `networkPrefix` is a Bitcoin-family chain's human-readable part
 * ('ltc', 'bc'): an address of another network of the family is 'address_invalid'.
 */
export function checkChainAddress(
  text: string,
  family: ChainFamily = 'evm',
  networkPrefix?: string,
): Result<string, ChainAddressRejection> {
  switch (family) {
    case 'evm':
      return checkEvmAddress(text);
    case 'bitcoin':
      return checkSegwitAddress(text, networkPrefix);
  }
}

/**
 * An address coins sent to are burnt, by family (the EVM zero address). A Bitcoin-family chain burns
 * with an OP_RETURN output, which has no address, so no address that reads is a burn address.
 */
export function isBurnAddress(address: string, family: ChainFamily = 'evm'): boolean {
  switch (family) {
    case 'evm':
      return address === ZERO_ADDRESS;
    case 'bitcoin':
      return false;
  }
}
