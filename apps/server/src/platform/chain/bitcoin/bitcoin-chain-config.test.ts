import { describe, expect, it } from 'vitest';
import { bitcoinChainEnv, bitcoinChainSettings } from './bitcoin-chain-config';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const litecoin = {
  key: 'litecoin',
  name: 'Litecoin',
  asset: 'LTC',
  rpcUrl: 'http://user:pass@127.0.0.1:9332',
  confirmations: 6,
  networkPrefix: 'ltc',
  coinType: 2,
  minDeposit: '0.001',
};
const parse = (entries: unknown[]) => bitcoinChainEnv.BITCOIN_CHAINS.safeParse(JSON.stringify(entries));
const problems = (entries: unknown[]) => {
  const result = parse(entries);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('BITCOIN_CHAINS', () => {
  it('reads a Litecoin chain into settings of the bitcoin family, its account key from the seed words', () => {
    const result = parse([litecoin]);
    expect(result.success).toBe(true);
    const [settings] = bitcoinChainSettings(result.data!, MNEMONIC, []);
    expect(settings).toMatchObject({
      key: 'litecoin',
      family: 'bitcoin',
      confirmations: 6,
      tokens: [{ asset: 'LTC', contract: null, decimals: 8, minDeposit: 100_000n }],
      bitcoin: { networkPrefix: 'ltc', coinType: 2 },
    });
    expect(settings!.bitcoin.xpub.startsWith('xpub')).toBe(true);
  });

  it('refuses an unknown network, an unknown coin, a key twice, a minimum finer than the ledger, a bad key', () => {
    expect(problems([{ ...litecoin, networkPrefix: 'doge' }])[0]).toMatch(/^0\.networkPrefix/);
    expect(problems([{ ...litecoin, asset: 'DOGE' }])[0]).toMatch(/^0\.asset: is not a known coin/);
    expect(problems([litecoin, litecoin])).toEqual(["1.key: chain key 'litecoin' is configured twice"]);
    expect(problems([{ ...litecoin, minDeposit: '0.000000001' }])).toEqual([
      '0.minDeposit: has more decimals than LTC keeps',
    ]);
    expect(problems([{ ...litecoin, xpub: 'xprv-not-a-key' }])).toEqual([
      '0.xpub: is not an extended public key',
    ]);
    expect(bitcoinChainEnv.BITCOIN_CHAINS.safeParse('[').success).toBe(false);
  });

  it('refuses a key an EVM chain has, and a chain with no account key to derive from', () => {
    const entries = parse([litecoin]).data!;
    expect(() => bitcoinChainSettings(entries, MNEMONIC, [{ key: 'litecoin' }])).toThrow(
      /already an EVM chain's/,
    );
    expect(() => bitcoinChainSettings(entries, undefined, [])).toThrow(/needs an xpub/);
  });
});
