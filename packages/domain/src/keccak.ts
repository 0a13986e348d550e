/**
 * Keccak-256 (the pre-standard padding Ethereum uses, not SHA3-256), in plain TypeScript so the
 * domain stays free of other packages. It is here for EIP-55 address checksums: short inputs, so
 * 64-bit lanes as bigints are fast enough and easy to read.
 */

const MASK = (1n << 64n) - 1n;
const RATE_BYTES = 136;

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
/** Rho rotations and pi lane order, walked together from lane 1. */
const ROTATIONS = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44];
const PI_LANES = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1];

function rotl(x: bigint, n: number): bigint {
  return ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK;
}

function lane(state: bigint[], i: number): bigint {
  return state[i] ?? 0n;
}

function keccakF1600(state: bigint[]): void {
  const columns = [0n, 0n, 0n, 0n, 0n];
  for (const constant of ROUND_CONSTANTS) {
    for (let x = 0; x < 5; x++) {
      columns[x] =
        lane(state, x) ^ lane(state, x + 5) ^ lane(state, x + 10) ^ lane(state, x + 15) ^ lane(state, x + 20);
    }
    for (let x = 0; x < 5; x++) {
      const d = (columns[(x + 4) % 5] ?? 0n) ^ rotl(columns[(x + 1) % 5] ?? 0n, 1);
      for (let y = 0; y < 25; y += 5) state[y + x] = lane(state, y + x) ^ d;
    }
    let carried = lane(state, 1);
    for (let i = 0; i < 24; i++) {
      const target = PI_LANES[i] ?? 0;
      const next = lane(state, target);
      state[target] = rotl(carried, ROTATIONS[i] ?? 0);
      carried = next;
    }
    for (let y = 0; y < 25; y += 5) {
      const row = [0, 1, 2, 3, 4].map((x) => lane(state, y + x));
      for (let x = 0; x < 5; x++) {
        state[y + x] = (row[x] ?? 0n) ^ (((row[(x + 1) % 5] ?? 0n) ^ MASK) & (row[(x + 2) % 5] ?? 0n));
      }
    }
    state[0] = lane(state, 0) ^ constant;
  }
}

/** Keccak-256 of the bytes, as 64 lowercase hex digits. */
export function keccak256Hex(input: Uint8Array): string {
  const padded = new Uint8Array(Math.floor(input.length / RATE_BYTES + 1) * RATE_BYTES);
  padded.set(input);
  padded[input.length] = (padded[input.length] ?? 0) ^ 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) ^ 0x80;
  const state: bigint[] = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES) {
    for (let i = 0; i < RATE_BYTES / 8; i++) {
      let word = 0n;
      for (let b = 7; b >= 0; b--) word = (word << 8n) | BigInt(padded[offset + i * 8 + b] ?? 0);
      state[i] = lane(state, i) ^ word;
    }
    keccakF1600(state);
  }
  let hex = '';
  for (let i = 0; i < 4; i++) {
    const word = lane(state, i);
    for (let b = 0; b < 8; b++) hex += ((word >> BigInt(8 * b)) & 0xffn).toString(16).padStart(2, '0');
  }
  return hex;
}
