import { createHash } from 'node:crypto';
import {
  accountHashOf,
  buildSumTree,
  HASH_BYTES,
  leafBytes,
  type Sha256,
  type SumTree,
} from '@exchange/domain';
import { saltsOf } from './reserves-salts';
import type { LiabilitySnapshot } from './reserves-snapshot';

export const sha256: Sha256 = (bytes) => createHash('sha256').update(bytes).digest();

/** The snapshot's leaves (each customer's hashed id, salt and balances) built into the Merkle-sum tree. */
export function reservesTree(snapshot: LiabilitySnapshot, saltKey: string): SumTree {
  const k = snapshot.assets.length;
  const count = snapshot.userIds.length;
  const hashes = new Uint8Array(count * HASH_BYTES);
  const saltOf = saltsOf(saltKey);
  for (const [i, userId] of snapshot.userIds.entries()) {
    const bytes = leafBytes(
      accountHashOf(userId, sha256),
      saltOf(userId),
      snapshot.balances.subarray(i * k, (i + 1) * k),
    );
    hashes.set(sha256(bytes), i * HASH_BYTES);
  }
  return buildSumTree({ count, assetCount: k, hashes, sums: snapshot.balances }, sha256);
}
