import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { p2wpkh } from '@scure/btc-signer';

/**
 * BIP-84 deposit addresses (issue 47): native segwit P2WPKH at m/84'/<coin type>'/0'/0/i, derived from
 * the account's extended public key with @scure/btc-signer (beside @scure/bip32, which the server
 * already uses for EVM addresses). The account key may be written as an xpub, or with the SLIP-132
 * version of its kind (zpub, vpub, tpub …): only its key and chain code matter here.
 */

/**
 * The public versions an account key may be written with (SLIP-132): xpub, ypub, zpub (mainnet);
 * tpub, upub, vpub (test networks). A private version is refused.
 */
const PUBLIC_VERSIONS = [0x0488b21e, 0x049d7cb2, 0x04b24746, 0x043587cf, 0x044a5262, 0x045f1cf6];

/** SLIP-44 coin types: Bitcoin 0, every test network 1, Litecoin 2. */
export const BITCOIN_COIN_TYPES = { bitcoin: 0, testnet: 1, litecoin: 2 } as const;

/** The BIP-84 account path of a coin type (account 0). */
export function bip84AccountPath(coinType: number): string {
  return `m/84'/${coinType}'/0'`;
}

/** An extended public key of any SLIP-132 public version, written as an xpub. */
export function asXpub(extendedKey: string): string {
  for (const version of PUBLIC_VERSIONS) {
    let key: HDKey;
    try {
      key = HDKey.fromExtendedKey(extendedKey.trim(), { public: version, private: 0 });
    } catch {
      continue;
    }
    if (key.privateKey || !key.publicKey) break;
    const { depth, index, parentFingerprint, chainCode, publicKey } = key;
    return new HDKey({ depth, index, parentFingerprint, chainCode: chainCode!, publicKey }).publicExtendedKey;
  }
  throw new Error('not an extended public key');
}

/** The BIP-84 account xpub of seed words, for a coin type. */
export function bip84XpubOfMnemonic(mnemonic: string, coinType: number): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(bip84AccountPath(coinType))
    .publicExtendedKey;
}

/**
 * The P2WPKH address at <account>/<change>/<index> under the network's human-readable part ('ltc',
 * 'rltc', 'bc', 'bcrt'); change 0 is a receiving (deposit) address, 1 an internal one.
 */
export function segwitAddressAt(
  accountXpub: string,
  index: number,
  networkPrefix: string,
  change = 0,
): string {
  const key = HDKey.fromExtendedKey(asXpub(accountXpub)).deriveChild(change).deriveChild(index);
  if (!key.publicKey) throw new Error('the account key derived no public key');
  // Only the bech32 part names the network in a segwit address; the base58 versions are not used.
  return p2wpkh(key.publicKey, { bech32: networkPrefix, pubKeyHash: 0, scriptHash: 5, wif: 0x80 }).address!;
}
