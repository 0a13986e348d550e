import { createHash } from 'node:crypto';
import { bitcoinMessageMagic, RESERVES_REPORT_ID_PATTERN, reservesAttestation } from '@exchange/domain';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { bip84AccountPath } from './bitcoin-addresses';

/**
 * Bitcoin-family signed messages for proof of reserves (issue 49): the message a P2WPKH address's key
 * signs, in the format Bitcoin Core's signmessage introduced and BIP-137 extended to segwit addresses
 * (header byte 39-42: P2WPKH, compressed key), which Electrum (Electrum-LTC) and bitcoinjs-message
 * verify from the address, the message and the signature alone.
 */

/** A signed Bitcoin-family attestation: the address, the exact message and its base64 signature. */
export interface BitcoinReservesAttestation {
  readonly address: string;
  readonly message: string;
  readonly signature: string;
}

/** Which Bitcoin-family key signs: BIP-84 m/84'/<coinType>'/0'/<change>/<index> on a network. */
export interface BitcoinSignerKey {
  readonly coinType: number;
  /** The bech32 human-readable part ('ltc', 'rltc' …): it names the address and the message magic. */
  readonly networkPrefix: string;
  /** 0: a receiving (deposit) address; 1: an internal (change, hot) one. */
  readonly change: 0 | 1;
  readonly index: number;
}

function varint(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n]);
  const b = Buffer.alloc(3);
  b[0] = 0xfd;
  b.writeUInt16LE(n, 1);
  return b;
}

const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();

/** The digest a signed message's signature is over (see bitcoinMessageMagic in the domain). */
export function bitcoinMessageHash(magic: string, message: string): Buffer {
  const m = Buffer.from(magic, 'utf8');
  const text = Buffer.from(message, 'utf8');
  return sha256(sha256(Buffer.concat([varint(m.length), m, varint(text.length), text])));
}

/** The base64 BIP-137 signature of a P2WPKH address's key: header 39 + recovery id, then r and s. */
export function signBitcoinMessageP2wpkh(privateKey: Uint8Array, magic: string, message: string): string {
  const recovered = secp256k1.sign(bitcoinMessageHash(magic, message), privateKey, {
    prehash: false,
    format: 'recovered',
  });
  const signature = secp256k1.Signature.fromBytes(recovered, 'recovered');
  const compact = signature.toBytes('compact');
  return Buffer.concat([Buffer.from([39 + signature.recovery!]), compact]).toString('base64');
}

/** The P2WPKH address of a public key under a network's bech32 part. */
export function p2wpkhAddressOf(publicKey: Uint8Array, networkPrefix: string): string {
  return p2wpkh(publicKey, { bech32: networkPrefix, pubKeyHash: 0, scriptHash: 5, wif: 0x80 }).address!;
}

/**
 * The fixed proof-of-reserves attestation (domain's reservesAttestation) naming the key's own address,
 * signed by that key: what a signer holding the seed answers; nobody chooses the words.
 */
export function signBitcoinReservesAttestation(
  root: HDKey,
  key: BitcoinSignerKey,
  reportId: string,
): BitcoinReservesAttestation {
  if (!RESERVES_REPORT_ID_PATTERN.test(reportId)) throw new Error('a report id is a lower-case UUID');
  if (!Number.isInteger(key.index) || key.index < 0 || key.index >= 0x80000000)
    throw new Error(`key index ${key.index} is not a derivation index`);
  const node = root.derive(bip84AccountPath(key.coinType)).deriveChild(key.change).deriveChild(key.index);
  if (!node.privateKey || !node.publicKey) throw new Error('the seed gave no private key');
  const address = p2wpkhAddressOf(node.publicKey, key.networkPrefix);
  const message = reservesAttestation(reportId, address);
  const signature = signBitcoinMessageP2wpkh(
    node.privateKey,
    bitcoinMessageMagic(key.networkPrefix),
    message,
  );
  return { address, message, signature };
}
