import type { Address, PublicClient } from 'viem';
import type { ChainSettings, ChainToken } from '../chain-config';
import type { ChainNode } from '../chain-node';
import { coinBalance } from './evm-client';
import { evmPaidOutAt } from './evm-paid-out';

/** Balances read at once from one node. */
const READ_PARALLEL = 16;

/** What a set of addresses holds of a coin, in the chain's units (at `blockNumber`, or the latest), read READ_PARALLEL at a time. */
async function totalOf(
  client: PublicClient,
  token: ChainToken,
  addresses: readonly string[],
  blockNumber?: bigint,
): Promise<bigint> {
  let total = 0n;
  for (let start = 0; start < addresses.length; start += READ_PARALLEL) {
    const slice = addresses.slice(start, start + READ_PARALLEL);
    for (const balance of await Promise.all(
      slice.map((address) => coinBalance(client, token, address as Address, blockNumber)),
    ))
      total += balance;
  }
  return total;
}

/** The EVM family's node (chain-node.ts's port) over one viem client of a configured chain. */
export function evmNode(settings: ChainSettings, client: PublicClient): ChainNode {
  return {
    family: 'evm',
    latestBlock: () => client.getBlockNumber({ cacheTime: 0 }),
    balanceOf: (token, address, atBlock) => coinBalance(client, token, address as Address, atBlock),
    totalOf: (token, addresses, atBlock) => totalOf(client, token, addresses, atBlock),
    paidOutAt: (open, ours, at) => evmPaidOutAt(client, settings, open, ours, at),
  };
}
