import { ok, type Result, reject } from '../../result';
import { bech32Decode, bech32Encode, convertBits } from './bech32';

/**
 * The Bitcoin family's address rule (issue 47): a segregated-witness address in bech32 (witness
 * version 0: P2WPKH of 20 bytes, P2WSH of 32) or bech32m (version 1 and up, BIP-350), under the
 * network's human-readable part. Legacy base58 addresses (1…, 3…, L…, M…) are not read: the exchange
 * derives and pays only segwit outputs, and every wallet of the family reads and pays bech32 today.
 */

/** The networks' human-readable parts: Bitcoin, its testnet and regtest; Litecoin, its testnet and regtest. */
export const BITCOIN_NETWORK_PREFIXES = ['bc', 'tb', 'bcrt', 'ltc', 'tltc', 'rltc'] as const;
export type BitcoinNetworkPrefix = (typeof BITCOIN_NETWORK_PREFIXES)[number];

export function isBitcoinNetworkPrefix(text: string): text is BitcoinNetworkPrefix {
  return (BITCOIN_NETWORK_PREFIXES as readonly string[]).includes(text);
}

export type SegwitAddressRejection = 'address_required' | 'address_invalid' | 'address_checksum';

/** A witness program as its address: version 0 in bech32, 1 and up in bech32m (lower case). */
export function segwitAddress(prefix: string, version: number, program: Uint8Array): string {
  const words = convertBits([...program], 8, 5, true)!;
  return bech32Encode(prefix, [version, ...words], version === 0 ? 'bech32' : 'bech32m');
}

/**
 * Reads a typed address of the network `prefix` (any of the family's when absent): required
 * ('address_required'), bech32 or bech32m that reads, under the network's part, with a witness
 * program the version allows ('address_invalid'), and a checksum that holds ('address_checksum': a
 * typo in one character of a well-formed address). Answers it in lower case, the form nodes print.
 */
export function checkSegwitAddress(text: string, prefix?: string): Result<string, SegwitAddressRejection> {
  const typed = text.trim();
  if (typed === '') return reject('address_required');
  const lower = typed.toLowerCase();
  const at = lower.lastIndexOf('1');
  const typedPrefix = at > 0 ? lower.slice(0, at) : '';
  const prefixOk = prefix ? typedPrefix === prefix : isBitcoinNetworkPrefix(typedPrefix);
  if (!prefixOk || !/^[a-z0-9]+$/.test(lower) || typed.length > 90) return reject('address_invalid');
  const decoded = bech32Decode(typed);
  if (!decoded) {
    const body = lower.slice(at + 1);
    const wellFormed = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/.test(body) && body.length >= 6;
    return reject(wellFormed && typed === typed.toLowerCase() ? 'address_checksum' : 'address_invalid');
  }
  const [version, ...rest] = decoded.words;
  if (version === undefined || version > 16) return reject('address_invalid');
  const program = convertBits(rest, 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return reject('address_invalid');
  if (version === 0 && program.length !== 20 && program.length !== 32) return reject('address_invalid');
  if ((version === 0) !== (decoded.encoding === 'bech32')) return reject('address_invalid');
  return ok(lower);
}

/** The output script a segwit address pays (OP_n, then the program pushed), as hex. */
export function segwitScriptHex(address: string): string | undefined {
  const decoded = bech32Decode(address);
  if (!decoded) return undefined;
  const [version, ...rest] = decoded.words;
  const program = convertBits(rest, 5, 8, false);
  if (version === undefined || !program) return undefined;
  const op = version === 0 ? 0 : 0x50 + version;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return hex(op) + hex(program.length) + program.map(hex).join('');
}
