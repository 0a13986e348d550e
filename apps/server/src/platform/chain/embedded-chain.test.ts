import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { recordStartFloat } from '../../features/custody/book-house-float';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import type { ChainToken } from './chain-config';
import { devChainDefinition, HOT_WALLET_FUNDS, TEST_USDT_ABI } from './dev-chain';
import { type EmbeddedChain, hotCapsForFloat, startEmbeddedChain } from './embedded-chain';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-embedded-chain-'));
let embedded: EmbeddedChain | undefined;
let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded development chain', () => {
  it('starts its three networks with the hot wallet funded, so sweeps, top-ups and withdrawals work on a fresh start', async () => {
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
    // BNB Smart Chain and Polygon beside it, each its own node and chain id, with its coins.
    const networks = embedded.config.chains.map((chain) => ({
      key: chain.key,
      chainId: chain.chainId,
      coins: chain.tokens.map((token) => `${token.asset}:${token.decimals}`),
    }));
    expect(networks).toEqual([
      { key: 'ethereum', chainId: 31_337, coins: ['ETH:18', 'USDT:6', 'USDC:6', 'BUSD:18'] },
      { key: 'bsc', chainId: 31_338, coins: ['BNB:18', 'USDT:6', 'USDC:18', 'BUSD:18'] },
      { key: 'polygon', chainId: 31_339, coins: ['MATIC:18', 'USDT:6', 'USDC:6'] },
    ]);
    expect(new Set(embedded.config.chains.map((chain) => chain.rpcUrl)).size).toBe(3);
    const bsc = embedded.config.chains[1]!;
    const bscClient = createPublicClient({
      chain: devChainDefinition(bsc.rpcUrl, bsc.chainId),
      transport: http(bsc.rpcUrl),
    });
    expect(await bscClient.getChainId()).toBe(31_338);
    expect(await bscClient.getBalance({ address: hot })).toBe(parseEther(HOT_WALLET_FUNDS.eth));
    const busd = bsc.tokens.find((token) => token.asset === 'BUSD')!.contract as Address;
    expect(
      await bscClient.readContract({
        address: busd,
        abi: TEST_USDT_ABI,
        functionName: 'balanceOf',
        args: [hot],
      }),
    ).toBe(1_000_000n * 10n ** 18n);
  }, 180_000);

  it("sizes the hot wallet's caps to the float, so a fresh start's solvency panel reads 'Matches' and not 'Above hot cap'", async () => {
    // The configured defaults (50 ETH, 100,000 USDT) are below the float the start puts in.
    const configured = loadConfig({ NODE_ENV: 'development', CHAIN_MODE: 'embedded', DATA_DIR: dataDir });
    expect(configured.chainSweeps).toMatchObject({ hotCapNative: '50', hotCapToken: '100000' });
    expect(embedded!.config.chainSweeps).toMatchObject({ hotCapNative: '200', hotCapToken: '2000000' });
    // Started as main.ts does: the app on the embedded chain, the start's float recorded.
    const logger = createLogger('warn');
    t = await createTestApp({
      deps: { config: { ...testConfig(), ...embedded!.config, logLevel: 'warn' } },
    });
    await recordStartFloat(t.ctx.db, embedded!.float, logger);
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/solvency', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const lines = res.json().data.chains;
    // Each of the three local networks reconciles alone, every coin on it (issue 47).
    expect(lines.map((line: { chain: string; asset: string }) => `${line.chain}/${line.asset}`)).toEqual([
      'ethereum/ETH',
      'ethereum/USDT',
      'ethereum/USDC',
      'ethereum/BUSD',
      'bsc/BNB',
      'bsc/USDT',
      'bsc/USDC',
      'bsc/BUSD',
      'polygon/MATIC',
      'polygon/USDT',
      'polygon/USDC',
    ]);
    for (const line of lines)
      expect(line, line.asset).toMatchObject({
        available: true,
        matches: true,
        difference: '0.00000000',
        above_hot_cap: false,
      });
    expect(lines[0]).toMatchObject({ hot_wallet: '100.00000000', custody: '100.00000000' });
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('the embedded hot-wallet caps', () => {
  const tokens: ChainToken[] = [
    { asset: 'ETH', contract: null, decimals: 18, minDeposit: 0n },
    { asset: 'USDT', contract: '0x00000000000000000000000000000000000000aa', decimals: 6, minDeposit: 0n },
  ];
  const sweeps = loadConfig({ NODE_ENV: 'development', CHAIN_MODE: 'off', DATA_DIR: dataDir }).chainSweeps;

  it('are twice the float when the configured ones are lower, and a higher configured cap is kept', () => {
    expect(hotCapsForFloat(sweeps, tokens, HOT_WALLET_FUNDS)).toMatchObject({
      hotCapNative: '200',
      hotCapToken: '2000000',
    });
    const higher = { ...sweeps, hotCapNative: '500.5', hotCapToken: '3000000' };
    expect(hotCapsForFloat(higher, tokens, HOT_WALLET_FUNDS)).toMatchObject({
      hotCapNative: '500.5',
      hotCapToken: '3000000',
    });
  });

  it('are the configured ones outside the embedded default (production never starts it)', async () => {
    const external = loadConfig({
      NODE_ENV: 'development',
      CHAIN_MODE: 'off',
      CHAIN_HOT_CAP_NATIVE: '25',
      DATA_DIR: dataDir,
    });
    const started = await startEmbeddedChain(external, createLogger('warn'));
    expect(started.config.chainSweeps).toMatchObject({ hotCapNative: '25', hotCapToken: '100000' });
  });
});
