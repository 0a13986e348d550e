import type { ChainFamily } from '@exchange/domain';
import type { ChainToken } from './chain-config';

/**
 * The port between the features and a chain's node (issue 44): what the features ask of any chain,
 * whatever its family, in the chain's units. Each family implements it in its folder (evm/ today:
 * evm-node.ts over viem; a Bitcoin family's beside it), and chain-nodes.ts picks the implementation by
 * the chain's configured family, so a feature that reads a chain through it runs on a new family
 * unchanged. What the features still ask viem directly is listed in docs/custody.md ("Adding a chain
 * family").
 */
export interface ChainNode {
  readonly family: ChainFamily;
  /** The chain's head block number, read afresh (never from a cache). */
  latestBlock(): Promise<bigint>;
  /**
   * What `address` holds of a coin (the native one, or a token), in the chain's units; at block
   * `atBlock` when given (a reconciliation reads every balance at one block), else the latest.
   */
  balanceOf(token: ChainToken, address: string, atBlock?: bigint): Promise<bigint>;
  /** What a set of addresses holds of a coin together, read a few at a time (the node's load). */
  totalOf(token: ChainToken, addresses: readonly string[], atBlock?: bigint): Promise<bigint>;
  /**
   * What the product's own transactions not booked yet (`open`) have paid out of its wallets (`ours`,
   * lower-cased) when mined at or below block `at`, per asset in the chain's units: their fees, and what
   * they sent to an address not ours. Moves between two of our wallets are not counted.
   */
  paidOutAt(
    open: readonly OpenChainTx[],
    ours: ReadonlySet<string>,
    at: bigint,
  ): Promise<Map<string, bigint>>;
}

/** A transaction of the product's sender not ended yet: any of its hashes may be mined. */
export interface OpenChainTx {
  readonly id: string;
  readonly hashes: readonly string[];
}
