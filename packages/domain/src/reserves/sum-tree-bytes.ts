/**
 * The byte layout of the proof-of-reserves Merkle-sum tree (docs/proof-of-reserves.md). Every hash is
 * SHA-256; the domain does no I/O and imports nothing, so the hash is handed in (node:crypto on the
 * server, Web Crypto in the browser).
 *
 * - An amount is a signed 64-bit integer, big-endian two's complement, in the asset's minor units.
 *   Signed so that a negative leaf can be written and therefore caught; an amount outside the range is
 *   a bug (`assert`), not a silent wrap.
 * - leaf  = SHA-256( 0x00 || accountHash (32) || salt (32) || balance[0..k-1] (8 each) )
 * - node  = SHA-256( 0x01 || leftHash (32) || leftSums (8k) || rightHash (32) || rightSums (8k) )
 *   and the node's sums are leftSums + rightSums, asset by asset.
 * - The empty node (padding for an odd level) has the hash of 32 zero bytes and all sums zero.
 */
import { assert } from '../result';

export type Sha256 = (bytes: Uint8Array) => Uint8Array;
/** The browser's Web Crypto digest is asynchronous; verification accepts either. */
export type MaybeAsyncSha256 = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

export const HASH_BYTES = 32;
export const AMOUNT_BYTES = 8;
export const LEAF_TAG = 0x00;
export const NODE_TAG = 0x01;
export const EMPTY_HASH: Uint8Array = new Uint8Array(HASH_BYTES);

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

export function fitsInt64(value: bigint): boolean {
  return value >= INT64_MIN && value <= INT64_MAX;
}

function writeAmounts(out: Uint8Array, offset: number, amounts: ArrayLike<bigint>): void {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (let i = 0; i < amounts.length; i++) {
    const amount = amounts[i] as bigint;
    assert(fitsInt64(amount), `an amount ${amount} does not fit in 64 bits`);
    view.setBigInt64(offset + i * AMOUNT_BYTES, amount, false);
  }
}

/** The bytes a leaf's hash is taken over. */
export function leafBytes(
  accountHash: Uint8Array,
  salt: Uint8Array,
  balances: ArrayLike<bigint>,
): Uint8Array {
  assert(
    accountHash.length === HASH_BYTES && salt.length === HASH_BYTES,
    'account hash and salt are 32 bytes',
  );
  const out = new Uint8Array(1 + 2 * HASH_BYTES + balances.length * AMOUNT_BYTES);
  out[0] = LEAF_TAG;
  out.set(accountHash, 1);
  out.set(salt, 1 + HASH_BYTES);
  writeAmounts(out, 1 + 2 * HASH_BYTES, balances);
  return out;
}

/** The bytes a node's hash is taken over: both children's hashes and sums, left first. */
export function nodeBytes(
  leftHash: Uint8Array,
  leftSums: ArrayLike<bigint>,
  rightHash: Uint8Array,
  rightSums: ArrayLike<bigint>,
): Uint8Array {
  const k = leftSums.length;
  assert(rightSums.length === k, 'both children carry one sum per asset');
  const half = HASH_BYTES + k * AMOUNT_BYTES;
  const out = new Uint8Array(1 + 2 * half);
  out[0] = NODE_TAG;
  out.set(leftHash, 1);
  writeAmounts(out, 1 + HASH_BYTES, leftSums);
  out.set(rightHash, 1 + half);
  writeAmounts(out, 1 + half + HASH_BYTES, rightSums);
  return out;
}

/** Adds two sums vectors, refusing (as a bug) a total beyond 64 bits. */
export function addSums(left: ArrayLike<bigint>, right: ArrayLike<bigint>): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i < left.length; i++) {
    const total = (left[i] as bigint) + (right[i] as bigint);
    assert(fitsInt64(total), `a total ${total} does not fit in 64 bits`);
    out.push(total);
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Lower- or upper-case hex of an even length; undefined for anything else. */
export function fromHex(text: string): Uint8Array | undefined {
  if (!/^([0-9a-fA-F]{2})*$/.test(text)) return undefined;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The account's hash in a leaf: SHA-256 of the account id's UTF-8 bytes. */
export function accountHashOf(accountId: string, hash: Sha256): Uint8Array {
  return hash(new TextEncoder().encode(accountId));
}

/** Bytewise comparison, the order leaves are sorted in. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
