import { describe, expect, it } from 'vitest';
import { DEV_CHAIN_MNEMONIC, xpubOfMnemonic } from '../platform/chain/chain-config';
import { ConfigError, loadConfig } from '../platform/config';
import { loadSignerConfig } from './signer-config';

const OWN_WORDS = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const SECRET = 's'.repeat(40);

function problemsOf(load: () => unknown): readonly string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const webProblems = (env: Record<string, string>) =>
  problemsOf(() => loadConfig({ NODE_ENV: 'production', CHAIN_RPC_URL: 'https://rpc.example', ...env }));

describe('the web process in production holds no seed words (issue 43)', () => {
  it('refuses CHAIN_MNEMONIC, and a signer without its secret', () => {
    const words = webProblems({ CHAIN_MNEMONIC: OWN_WORDS });
    expect(
      words.some((p) => p.startsWith('CHAIN_MNEMONIC: seed words are not allowed in the web process')),
    ).toBe(true);
    const noSecret = webProblems({
      CHAIN_XPUB: xpubOfMnemonic(OWN_WORDS),
      SIGNER_URL: 'http://127.0.0.1:8091',
    });
    expect(noSecret.some((p) => p.startsWith('SIGNER_SECRET: is required'))).toBe(true);
  });

  it('accepts an xpub and a local signer with its secret, and builds no key of its own', () => {
    const env = {
      CHAIN_XPUB: xpubOfMnemonic(OWN_WORDS),
      SIGNER_URL: 'unix:/run/exchange/signer.sock',
      SIGNER_SECRET: SECRET,
    };
    expect(webProblems(env).filter((p) => p.startsWith('CHAIN') || p.startsWith('SIGNER'))).toEqual([]);
    const config = loadConfig({ NODE_ENV: 'test', CHAIN_RPC_URL: 'http://127.0.0.1:1', ...env });
    expect(config.chainSigner).toBeNull();
    expect(config.signer).toEqual({ url: env.SIGNER_URL, secret: SECRET, hotAddress: null });
  });

  it('refuses a signer URL that is not this machine', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', SIGNER_URL: 'http://10.0.0.5:8091', SIGNER_SECRET: SECRET }),
    ).toThrow(/SIGNER_URL: must be http:\/\/127.0.0.1/);
  });
});

describe('the signer process settings', () => {
  const base = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://signer@127.0.0.1/exchange',
    CHAIN_RPC_URL: 'https://rpc.example',
    SIGNER_SECRET: SECRET,
  };

  it('refuses the development keys, the embedded mode, a missing seed or secret, and a host elsewhere', () => {
    const problems = problemsOf(() =>
      loadSignerConfig({
        ...base,
        SIGNER_MNEMONIC: DEV_CHAIN_MNEMONIC,
        SIGNER_EMBEDDED: 'on',
        SIGNER_HOST: '0.0.0.0',
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^SIGNER_EMBEDDED/),
      expect.stringMatching(/^SIGNER_MNEMONIC: is the public development key/),
      expect.stringMatching(/^SIGNER_HOST: 0.0.0.0 is not this machine/),
    ]);
    const missing = problemsOf(() => loadSignerConfig({ ...base, SIGNER_SECRET: undefined }));
    expect(missing.some((p) => p.startsWith('SIGNER_MNEMONIC: is required'))).toBe(true);
    expect(missing.some((p) => p.startsWith('SIGNER_SECRET: is required'))).toBe(true);
  });

  it('derives the web process xpub and the hot wallet, with caps from the hot-wallet settings', () => {
    const config = loadSignerConfig({
      ...base,
      SIGNER_MNEMONIC: OWN_WORDS,
      CHAIN_USDT_ADDRESS: '0x0000000000000000000000000000000000000001',
      CHAIN_HOT_CAP_NATIVE: '2',
      SIGNER_DAY_CAP_NATIVE: '3',
    });
    expect(config.xpub).toBe(xpubOfMnemonic(OWN_WORDS));
    expect(config.listen).toEqual({ host: '127.0.0.1', port: 8091 });
    const chain = config.chains.get('ethereum')!;
    expect(chain.caps.ETH).toEqual({ perTransaction: 2n * 10n ** 18n, perDay: 3n * 10n ** 18n });
    expect(chain.caps.USDT).toEqual({ perTransaction: 100_000n * 10n ** 6n, perDay: 100_000n * 10n ** 6n });
    expect(JSON.stringify(config, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('legal');
  });
});
