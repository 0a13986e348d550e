import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DEV_CHAIN_MNEMONIC, xpubOfMnemonic } from './chain-config';

const OWN_WORDS = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const TOKEN = '0x55d398326f99059fF775485246999027B3197955';

const bsc = {
  key: 'bsc',
  name: 'BNB Smart Chain',
  chainId: 56,
  rpcUrl: 'https://bsc.rpc.example',
  confirmations: 15,
  explorerUrl: 'https://bscscan.com/',
  tokenStandard: 'BEP-20',
  native: { asset: 'BNB', minDeposit: '0.01' },
  tokens: [{ asset: 'USDT', contract: TOKEN, decimals: 18, minDeposit: '1' }],
};
const polygon = {
  key: 'polygon',
  name: 'Polygon',
  chainId: 137,
  rpcUrl: 'wss://polygon.rpc.example',
  confirmations: 64,
  native: { asset: 'MATIC', minDeposit: '0.1' },
};

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    if (error instanceof Error) return [error.message];
    throw error;
  }
  return [];
}

const testEnv = (chains: unknown, more: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  CHAIN_RPC_URL: 'http://127.0.0.1:1',
  CHAIN_MNEMONIC: OWN_WORDS,
  CHAINS: typeof chains === 'string' ? chains : JSON.stringify(chains),
  ...more,
});

describe('CHAINS: more chains by configuration', () => {
  it('watches the listed chains after the first, each with its native coin and tokens', () => {
    const config = loadConfig(testEnv([bsc, polygon]));
    expect(config.chainMode).toBe('external');
    expect(config.chains.map((chain) => [chain.key, chain.chainId])).toEqual([
      ['ethereum', 31337],
      ['bsc', 56],
      ['polygon', 137],
    ]);
    const [, second, third] = config.chains;
    expect(second).toMatchObject({
      name: 'BNB Smart Chain',
      rpcUrl: 'https://bsc.rpc.example',
      confirmations: 15,
      explorerUrl: 'https://bscscan.com',
      tokenStandard: 'BEP-20',
    });
    expect(second!.tokens).toEqual([
      { asset: 'BNB', contract: null, decimals: 18, minDeposit: 1_000_000n },
      { asset: 'USDT', contract: TOKEN, decimals: 18, minDeposit: 100_000_000n },
    ]);
    expect(third!.tokens).toEqual([
      { asset: 'MATIC', contract: null, decimals: 18, minDeposit: 10_000_000n },
    ]);
    expect(third!.explorerUrl).toBeNull();
    expect(third!.tokenStandard).toBe('ERC-20');
  });

  it('needs no CHAIN_RPC_URL: CHAINS alone is external mode with only the listed chains', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      CHAIN_MNEMONIC: OWN_WORDS,
      CHAINS: JSON.stringify([polygon]),
    });
    expect(config.chainMode).toBe('external');
    expect(config.chains.map((chain) => chain.key)).toEqual(['polygon']);
    expect(loadConfig({ NODE_ENV: 'test', CHAINS: '' }).chains).toEqual([]);
    expect(loadConfig({ ...testEnv([polygon]), CHAIN_MODE: 'off' }).chains).toEqual([]);
  });

  it('in embedded mode keeps the listed chains for the start to put the development chain before', () => {
    const { CHAIN_RPC_URL: _unused, ...embedded } = testEnv([polygon]);
    const config = loadConfig({ ...embedded, CHAIN_MODE: 'embedded' });
    expect(config.chains.map((chain) => chain.key)).toEqual(['polygon']);
    expect(problems({ ...testEnv([{ ...polygon, key: 'ethereum' }]), CHAIN_MODE: 'embedded' })).toEqual([
      "CHAINS: chain key 'ethereum' is already CHAIN_KEY's (the first chain)",
    ]);
  });

  it('refuses JSON that does not parse, or is not a list of chains', () => {
    expect(problems(testEnv('[{"key": "bsc",'))[0]).toMatch(/^CHAINS: is not valid JSON/);
    expect(problems(testEnv({ key: 'bsc' }))[0]).toMatch(/^CHAINS: /);
    const missing = problems(testEnv([{ key: 'bsc' }]));
    expect(missing).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^CHAINS\.0\.rpcUrl: /),
        expect.stringMatching(/^CHAINS\.0\.native: /),
      ]),
    );
    expect(problems(testEnv([{ ...bsc, rpcUrl: 'ftp://bsc' }]))[0]).toMatch(/^CHAINS\.0\.rpcUrl: /);
    expect(problems(testEnv([{ ...bsc, key: 'BSC Chain' }]))[0]).toMatch(/^CHAINS\.0\.key: must be 1-32/);
    expect(problems(testEnv([{ ...bsc, gasPrice: 5 }]))[0]).toMatch(/^CHAINS\.0: /);
  });

  it('refuses a chain key or chain id twice, the first chain included', () => {
    expect(problems(testEnv([bsc, { ...polygon, key: 'bsc' }]))).toEqual([
      "CHAINS.1.key: chain key 'bsc' is configured twice",
    ]);
    expect(problems(testEnv([bsc, { ...polygon, chainId: 56 }]))).toEqual([
      'CHAINS.1.chainId: chain id 56 is configured twice',
    ]);
    expect(problems(testEnv([{ ...bsc, key: 'ethereum' }]))).toEqual([
      "CHAINS: chain key 'ethereum' is already CHAIN_KEY's (the first chain)",
    ]);
    expect(problems(testEnv([{ ...bsc, chainId: 31337 }]))).toEqual([
      "CHAINS: chain id 31337 of 'bsc' is already CHAIN_ID's (the first chain)",
    ]);
  });

  it('refuses a coin the exchange does not list, a fiat currency, a coin twice and a minimum finer than the ledger', () => {
    expect(problems(testEnv([{ ...polygon, native: { asset: 'POL', minDeposit: '1' } }]))).toEqual([
      'CHAINS.0.native.asset: is not a known coin of the exchange (see packages/domain/src/assets.ts)',
    ]);
    expect(problems(testEnv([{ ...polygon, native: { asset: 'USD', minDeposit: '1' } }]))[0]).toMatch(
      /^CHAINS\.0\.native\.asset: is not a known coin/,
    );
    const token = bsc.tokens[0]!;
    expect(problems(testEnv([{ ...bsc, tokens: [{ ...token, asset: 'SHIB' }] }]))[0]).toMatch(
      /^CHAINS\.0\.tokens\.0\.asset: is not a known coin/,
    );
    expect(
      problems(testEnv([{ ...bsc, tokens: [token, { ...token, contract: TOKEN.toLowerCase() }] }])),
    ).toEqual(['CHAINS.0.tokens.1.asset: USDT is listed twice']);
    expect(problems(testEnv([{ ...bsc, tokens: [{ ...token, minDeposit: '0.000000001' }] }]))).toEqual([
      'CHAINS.0.tokens.0.minDeposit: has more decimals than USDT keeps',
    ]);
    expect(problems(testEnv([{ ...bsc, tokens: [{ ...token, contract: '0x1234' }] }]))[0]).toMatch(
      /^CHAINS\.0\.tokens\.0\.contract: must be a 0x contract address/,
    );
  });

  it('keeps the production refusals with listed chains', () => {
    const chains = JSON.stringify([bsc]);
    const production = (env: Record<string, string>) =>
      problems({ NODE_ENV: 'production', CHAINS: chains, ...env });
    expect(production({}).some((p) => p.startsWith('CHAIN_XPUB: is required'))).toBe(true);
    expect(
      production({ CHAIN_MNEMONIC: DEV_CHAIN_MNEMONIC }).some((p) => p.includes('public development key')),
    ).toBe(true);
    expect(production({ CHAIN_MODE: 'embedded' }).some((p) => p.startsWith('CHAIN_MODE'))).toBe(true);
    expect(
      production({ CHAIN_XPUB: xpubOfMnemonic(OWN_WORDS) }).filter((p) => p.startsWith('CHAIN')),
    ).toEqual([]);
  });
});
