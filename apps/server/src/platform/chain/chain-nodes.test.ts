import { describe, expect, it } from 'vitest';
import type { ChainSettings } from './chain-config';
import { chainNodeFor } from './chain-nodes';

const settings: ChainSettings = {
  key: 'ethereum',
  name: 'Ethereum',
  chainId: 31337,
  rpcUrl: 'http://127.0.0.1:1',
  confirmations: 3,
  explorerUrl: null,
  tokens: [{ asset: 'ETH', contract: null, decimals: 18, minDeposit: 1n }],
};

describe('the node of a configured chain', () => {
  it('is the EVM one for a chain that names no family, and for one that names EVM', () => {
    expect(chainNodeFor(settings).family).toBe('evm');
    expect(chainNodeFor({ ...settings, family: 'evm' }).family).toBe('evm');
  });

  it('reads nothing before it is asked: a chain whose node is down still gets one', async () => {
    const node = chainNodeFor(settings);
    expect(typeof node.latestBlock).toBe('function');
    // Nothing to pay out, nothing read: no node is asked.
    expect(await node.paidOutAt([], new Set(), 0n)).toEqual(new Map());
    expect(await node.totalOf(settings.tokens[0]!, [])).toBe(0n);
  });
});
