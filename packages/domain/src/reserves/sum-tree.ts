import { assert } from '../result';
import {
  AMOUNT_BYTES,
  compareBytes,
  EMPTY_HASH,
  fitsInt64,
  HASH_BYTES,
  NODE_TAG,
  type Sha256,
} from './sum-tree-bytes';

/**
 * The leaves of a tree, held flat so a million accounts of twelve assets cost two typed arrays rather
 * than millions of objects: leaf i's hash is `hashes[32i .. 32i+32)`, its balances
 * `sums[k*i .. k*i+k)` for k assets in the report's fixed asset order.
 */
export interface LeafTable {
  readonly count: number;
  readonly assetCount: number;
  readonly hashes: Uint8Array;
  readonly sums: BigInt64Array;
}

/** One level of the tree in the same flat form; level 0 is the leaves sorted by hash, the last the root. */
export type SumTreeLevel = LeafTable;

export interface SumTree {
  readonly assetCount: number;
  readonly levels: readonly SumTreeLevel[];
  /** positions[i]: where the i-th leaf handed in sits among the sorted leaves. */
  readonly positions: Int32Array;
}

/** A sibling on the way up: its hash and sums, and whether it stands left or right of the running node. */
export interface PathStep {
  readonly side: 'left' | 'right';
  readonly hash: Uint8Array;
  readonly sums: readonly bigint[];
}

/** Leaf i's hash, a view into the table (not a copy). */
export function hashAt(level: LeafTable, i: number): Uint8Array {
  return level.hashes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES);
}

export function sumsAt(level: LeafTable, i: number): bigint[] {
  return Array.from(level.sums.subarray(i * level.assetCount, (i + 1) * level.assetCount));
}

/** The order of the leaves by their hash, bytewise ascending (ties, which SHA-256 makes impossible, by input order). */
function sortedOrder(leaves: LeafTable): Int32Array {
  const order = new Int32Array(leaves.count);
  const keys = new Uint32Array(leaves.count);
  const view = new DataView(leaves.hashes.buffer, leaves.hashes.byteOffset, leaves.hashes.byteLength);
  for (let i = 0; i < leaves.count; i++) {
    order[i] = i;
    keys[i] = view.getUint32(i * HASH_BYTES, false);
  }
  order.sort((a, b) => {
    const ka = keys[a] as number;
    const kb = keys[b] as number;
    if (ka !== kb) return ka < kb ? -1 : 1;
    return compareBytes(hashAt(leaves, a), hashAt(leaves, b)) || a - b;
  });
  return order;
}

/**
 * Builds the Merkle-sum tree (docs/proof-of-reserves.md): leaves sorted by their hash, then level by
 * level each pair (2j, 2j+1) becomes one node whose hash covers both children's hashes and sums and
 * whose sums are theirs added; a level of odd length pairs its last node with the empty node (zero
 * hash, zero sums). No leaves give the empty node as root; one leaf is its own root. Sums are not
 * checked for sign here: the verifier refuses a negative sum it is shown, which is what protects a
 * customer; the server's ledger cannot hold a negative customer balance in the first place.
 */
export function buildSumTree(leaves: LeafTable, hash: Sha256): SumTree {
  const k = leaves.assetCount;
  assert(leaves.hashes.length === leaves.count * HASH_BYTES, 'one hash per leaf');
  assert(leaves.sums.length === leaves.count * k, 'one sum per leaf and asset');
  const order = sortedOrder(leaves);
  const positions = new Int32Array(leaves.count);
  const first: SumTreeLevel = {
    count: Math.max(leaves.count, 1),
    assetCount: k,
    hashes: new Uint8Array(Math.max(leaves.count, 1) * HASH_BYTES),
    sums: new BigInt64Array(Math.max(leaves.count, 1) * k),
  };
  for (let p = 0; p < leaves.count; p++) {
    const i = order[p] as number;
    positions[i] = p;
    first.hashes.set(hashAt(leaves, i), p * HASH_BYTES);
    first.sums.set(leaves.sums.subarray(i * k, (i + 1) * k), p * k);
  }
  const levels = [first];
  let level = first;
  while (level.count > 1) {
    level = parentLevel(level, hash);
    levels.push(level);
  }
  return { assetCount: k, levels, positions };
}

function parentLevel(level: SumTreeLevel, hash: Sha256): SumTreeLevel {
  const k = level.assetCount;
  const count = Math.ceil(level.count / 2);
  const parent: SumTreeLevel = {
    count,
    assetCount: k,
    hashes: new Uint8Array(count * HASH_BYTES),
    sums: new BigInt64Array(count * k),
  };
  const half = HASH_BYTES + k * AMOUNT_BYTES;
  const buffer = new Uint8Array(1 + 2 * half);
  const view = new DataView(buffer.buffer);
  buffer[0] = NODE_TAG;
  for (let j = 0; j < count; j++) {
    const left = 2 * j;
    const right = left + 1;
    const hasRight = right < level.count;
    buffer.set(hashAt(level, left), 1);
    buffer.set(hasRight ? hashAt(level, right) : EMPTY_HASH, 1 + half);
    for (let a = 0; a < k; a++) {
      const l = level.sums[left * k + a] as bigint;
      const r = hasRight ? (level.sums[right * k + a] as bigint) : 0n;
      const total = l + r;
      assert(fitsInt64(total), `a total ${total} does not fit in 64 bits`);
      view.setBigInt64(1 + HASH_BYTES + a * AMOUNT_BYTES, l, false);
      view.setBigInt64(1 + half + HASH_BYTES + a * AMOUNT_BYTES, r, false);
      parent.sums[j * k + a] = total;
    }
    parent.hashes.set(hash(buffer), j * HASH_BYTES);
  }
  return parent;
}

export function treeRoot(tree: SumTree): { hash: Uint8Array; sums: bigint[] } {
  const top = tree.levels[tree.levels.length - 1] as SumTreeLevel;
  return { hash: hashAt(top, 0), sums: sumsAt(top, 0) };
}

/** The siblings from the leaf at `position` (among the sorted leaves) up to, not including, the root. */
export function inclusionPath(tree: SumTree, position: number): PathStep[] {
  const steps: PathStep[] = [];
  let index = position;
  for (let depth = 0; depth < tree.levels.length - 1; depth++) {
    const level = tree.levels[depth] as SumTreeLevel;
    const sibling = index ^ 1;
    const present = sibling < level.count;
    steps.push({
      side: index % 2 === 0 ? 'right' : 'left',
      hash: present ? hashAt(level, sibling).slice() : EMPTY_HASH.slice(),
      sums: present ? sumsAt(level, sibling) : new Array<bigint>(tree.assetCount).fill(0n),
    });
    index >>= 1;
  }
  return steps;
}
