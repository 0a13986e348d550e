import { bitcoinNode } from './bitcoin/bitcoin-node';
import { bitcoinRpc } from './bitcoin/bitcoin-rpc';
import type { ChainSettings } from './chain-config';
import type { ChainNode } from './chain-node';
import { chainClient } from './evm/evm-client';
import { evmNode } from './evm/evm-node';

/**
 * The node of a configured chain, by its family (EVM when the settings name none): the one place a
 * new family's implementation is chosen. Each call makes a new client: callers keep one per chain.
 */
export function chainNodeFor(settings: ChainSettings): ChainNode {
  const family = settings.family ?? 'evm';
  switch (family) {
    case 'evm':
      return evmNode(settings, chainClient(settings));
    case 'bitcoin':
      return bitcoinNode(settings, bitcoinRpc(settings.rpcUrl));
  }
}
