import { inspect } from 'node:util';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { parseEther, parseTransaction, recoverTransactionAddress, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { depositAddressAt } from './evm/hd-addresses';
import { HOT_WALLET_PATH, localChainSigner } from './local-chain-signer';

const words = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

describe('the local chain signer', () => {
  it("signs for deposit i at the address the xpub gives deposit i, and for the hot wallet at m/44'/60'/1'/0/0", async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      CHAIN_MNEMONIC: words,
    });
    const signer = config.chainSigner!;
    for (const index of [0, 1, 7, 1234])
      expect(signer.address({ kind: 'deposit', index })).toBe(depositAddressAt(config.chainXpub, index));
    const hotKey = HDKey.fromMasterSeed(mnemonicToSeedSync(words)).derive(HOT_WALLET_PATH).privateKey!;
    expect(signer.address({ kind: 'hot' })).toBe(privateKeyToAccount(toHex(hotKey)).address);
    expect(signer.address({ kind: 'hot' })).not.toBe(signer.address({ kind: 'deposit', index: 0 }));

    const raw = await signer.sign({
      kind: 'transaction',
      outboxId: 'any',
      key: { kind: 'deposit', index: 7 },
      transaction: {
        type: 'eip1559',
        chainId: 31337,
        nonce: 3,
        to: signer.address({ kind: 'hot' }),
        value: parseEther('1'),
        gas: 21_000n,
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      },
    });
    expect(parseTransaction(raw)).toMatchObject({ nonce: 3, chainId: 31337, value: parseEther('1') });
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(
      signer.address({ kind: 'deposit', index: 7 }),
    );
    expect(() => signer.address({ kind: 'deposit', index: -1 })).toThrow(/derivation index/);
  });

  it('keeps the seed out of the config and out of what a log would print', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      CHAIN_MNEMONIC: words,
    });
    const text = JSON.stringify(config, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
    expect(text).not.toContain('legal');
    expect(inspect(config, { depth: 10, showHidden: true })).not.toContain('legal winner');
    expect(inspect(localChainSigner(words), { depth: 10, showHidden: true })).not.toContain('legal');
  });

  it('is null with an xpub alone (watch-only), and refuses an xpub that is not the seed words’ own', () => {
    const signerOf = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'test', CHAIN_RPC_URL: 'http://127.0.0.1:1', ...env }).chainSigner;
    const own = loadConfig({ NODE_ENV: 'test', CHAIN_RPC_URL: 'http://127.0.0.1:1', CHAIN_MNEMONIC: words });
    expect(signerOf({ CHAIN_XPUB: own.chainXpub })).toBeNull();
    const other = loadConfig({ NODE_ENV: 'test', CHAIN_RPC_URL: 'http://127.0.0.1:1' }).chainXpub;
    expect(() => signerOf({ CHAIN_XPUB: other, CHAIN_MNEMONIC: words })).toThrow(/not the seed words/);
  });
});
