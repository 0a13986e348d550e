import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DEV_CHAIN_MNEMONIC, xpubOfMnemonic } from './chain-config';

function productionProblems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig({ NODE_ENV: 'production', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('chain settings', () => {
  it('production refuses the embedded development chain and the public development key', () => {
    expect(productionProblems({ CHAIN_MODE: 'embedded' }).some((p) => p.startsWith('CHAIN_MODE'))).toBe(true);
    const devKey = productionProblems({
      CHAIN_RPC_URL: 'https://rpc.example',
      CHAIN_MNEMONIC: DEV_CHAIN_MNEMONIC,
    });
    expect(devKey.some((p) => p.includes('public development key'))).toBe(true);
    const devXpub = productionProblems({
      CHAIN_RPC_URL: 'https://rpc.example',
      CHAIN_XPUB: xpubOfMnemonic(DEV_CHAIN_MNEMONIC),
    });
    expect(devXpub.some((p) => p.includes('public development key'))).toBe(true);
    const noKey = productionProblems({ CHAIN_RPC_URL: 'https://rpc.example' });
    expect(noKey.some((p) => p.startsWith('CHAIN_XPUB: is required'))).toBe(true);
  });

  it('production with its own xpub has no chain problem, and keeps no seed words in the config', () => {
    const own = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    const problems = productionProblems({
      CHAIN_RPC_URL: 'https://rpc.example',
      CHAIN_XPUB: xpubOfMnemonic(own),
    });
    expect(problems.filter((p) => p.startsWith('CHAIN'))).toEqual([]);
    const config = loadConfig({ NODE_ENV: 'test', CHAIN_RPC_URL: 'http://127.0.0.1:1', CHAIN_MNEMONIC: own });
    expect(
      JSON.stringify(config, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toContain('legal winner');
    expect(config.chainXpub).toBe(xpubOfMnemonic(own));
    expect(config.chains.map((chain) => chain.key)).toEqual(['ethereum']);
  });

  it('is off in tests unless a chain is named, and rejects seed words that are not BIP-39', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).chains).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'test', CHAIN_MNEMONIC: 'not a mnemonic' })).toThrow(
      /CHAIN_MNEMONIC/,
    );
  });
});
