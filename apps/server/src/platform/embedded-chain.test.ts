import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { devChainDefinition, HOT_WALLET_FUNDS, TEST_USDT_ABI } from './dev-chain';
import { type EmbeddedChain, startEmbeddedChain } from './embedded-chain';
import { createLogger } from './logger';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-embedded-chain-'));
let embedded: EmbeddedChain | undefined;
afterAll(async () => {
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded development chain', () => {
  it('starts with the hot wallet funded, so sweeps, top-ups and withdrawals work on a fresh start', async () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      CHAIN_MODE: 'embedded',
      CHAIN_MNEMONIC: generateMnemonic(wordlist, 256),
      CHAIN_EMBEDDED_BLOCK_MS: '0',
      DATA_DIR: dataDir,
    });
    embedded = await startEmbeddedChain(config, createLogger('warn'));
    const settings = embedded.config.chains[0]!;
    const client = createPublicClient({
      chain: devChainDefinition(settings.rpcUrl),
      transport: http(settings.rpcUrl),
    });
    const hot = config.chainSigner!.address({ kind: 'hot' });
    expect(await client.getBalance({ address: hot })).toBe(parseEther(HOT_WALLET_FUNDS.eth));
    const usdt = settings.tokens.find((token) => token.asset === 'USDT')!.contract as Address;
    expect(
      await client.readContract({
        address: usdt,
        abi: TEST_USDT_ABI,
        functionName: 'balanceOf',
        args: [hot],
      }),
    ).toBe(HOT_WALLET_FUNDS.usdt);
  }, 120_000);
});
