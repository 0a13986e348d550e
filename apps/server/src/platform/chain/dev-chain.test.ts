import { createPublicClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { freePort } from '../free-port';
import { startDevChain } from './dev-chain';

describe('the development chain', () => {
  it("starts on another port when its port was taken by another node meanwhile, and never takes that node's answers for its own", async () => {
    const first = await startDevChain();
    const taken = new URL(first.rpcUrl).port;
    const ports = [Number(taken)];
    try {
      const second = await startDevChain({ pickPort: async () => ports.shift() ?? freePort() });
      try {
        expect(new URL(second.rpcUrl).port).not.toBe(taken);
        // The second deployed its test USDT on its own node: the first holds only its own two blocks.
        const client = createPublicClient({ transport: http(first.rpcUrl) });
        expect(await client.getBlockNumber()).toBe(2n);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  }, 180_000);
});
