/**
 * Keccak-256 (the original Keccak padding Ethereum uses, not SHA3-256), on 64-bit lanes held as bigints.
 * The domain has no dependencies, and EIP-55's checksum needs this hash of 40 hex characters only: a
 * plain implementation is fast enough there and keeps the rule runnable in the browser and the server.
 */

const MASK = (1n << 64n) - 1n;

const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];

/** Rotation of lane (x, y), at index x + 5y. */
const ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

/** Bytes absorbed per block by Keccak-256: 1600 - 2 * 256 bits. */
const RATE = 136;

function rotl(lane: bigint, by: number): bigint {
  if (by === 0) return lane;
  const n = BigInt(by);
  return ((lane << n) | (lane >> (64n - n))) & MASK;
}

function permute(state: bigint[]): void {
  const c = new Array<bigint>(5);
  const b = new Array<bigint>(25);
  for (const rc of ROUND_CONSTANTS) {
    for (let x = 0; x < 5; x++)
      c[x] = state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!;
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = state[x + y]! ^ d;
    }
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++)
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(state[x + 5 * y]!, ROTATIONS[x + 5 * y]!);
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 25; y += 5)
        state[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & MASK & b[((x + 2) % 5) + y]!);
    state[0] = state[0]! ^ rc;
  }
}

/** Keccak-256 of `bytes`, as 64 lower-case hex characters. */
export function keccak256Hex(bytes: Uint8Array): string {
  const padded = new Uint8Array((Math.floor(bytes.length / RATE) + 1) * RATE);
  padded.set(bytes);
  padded[bytes.length] = padded[bytes.length]! ^ 0x01;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += RATE) {
    for (let i = 0; i < RATE / 8; i++) {
      let lane = 0n;
      for (let k = 7; k >= 0; k--) lane = (lane << 8n) | BigInt(padded[offset + i * 8 + k]!);
      state[i] = state[i]! ^ lane;
    }
    permute(state);
  }
  let hex = '';
  for (let i = 0; i < 4; i++) {
    let lane = state[i]!;
    for (let k = 0; k < 8; k++) {
      hex += Number(lane & 0xffn)
        .toString(16)
        .padStart(2, '0');
      lane >>= 8n;
    }
  }
  return hex;
}

/** Keccak-256 of a text's UTF-8 bytes. */
export function keccak256OfText(text: string): string {
  return keccak256Hex(new TextEncoder().encode(text));
}
