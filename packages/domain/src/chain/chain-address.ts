import type { Result } from '../result';
import { checkEvmAddress, ZERO_ADDRESS } from './evm/evm-address';

/**
 * Addresses on any chain the exchange runs, by the chain's family: each family has its own address
 * rule in its folder (chain/evm/ today; a Bitcoin family's bech32 and base58 rules beside it) and
 * answers the same rejections, so the withdrawal rules and the web form read one function.
 */

/** The chain families the exchange runs; a chain's settings name its family (EVM when absent). */
export type ChainFamily = 'evm';

export type ChainAddressRejection =
  | 'address_required'
  | 'address_invalid'
  | 'address_checksum'
  | 'address_zero'
  | 'address_own';

/** Reads a typed address by its chain family's rule, answered in the family's written form (EIP-55 on EVM). */
export function checkChainAddress(
  text: string,
  family: ChainFamily = 'evm',
): Result<string, ChainAddressRejection> {
  switch (family) {
    case 'evm':
      return checkEvmAddress(text);
  }
}

/** An address coins sent to are burnt, by family (the EVM zero address). */
export function isBurnAddress(address: string, family: ChainFamily = 'evm'): boolean {
  switch (family) {
    case 'evm':
      return address === ZERO_ADDRESS;
  }
}
