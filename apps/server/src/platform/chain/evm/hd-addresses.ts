import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { type Address, getAddress, keccak256, toHex } from 'viem';

/**
 * Deposit addresses from an extended public key (BIP-32/44): address i is the key at <account>/0/i of
 * the account-level xpub (m/44'/60'/0'). Only public keys are handled here: the web process never
 * holds the seed, and the same (xpub, index) always gives the same address.
 */

const externalChains = new Map<string, HDKey>();

function externalChainOf(xpub: string): HDKey {
  let key = externalChains.get(xpub);
  if (!key) {
    key = HDKey.fromExtendedKey(xpub).deriveChild(0);
    externalChains.set(xpub, key);
  }
  return key;
}

/** The EIP-55 checksummed address at `index` of the xpub's external chain. */
export function depositAddressAt(xpub: string, index: number): Address {
  const publicKey = externalChainOf(xpub).deriveChild(index).publicKey;
  if (!publicKey) throw new Error('the extended key has no public key');
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak256(uncompressed.slice(1), 'bytes');
  return getAddress(toHex(hash.slice(12)));
}
