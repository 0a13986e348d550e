import { ok, type Result, reject } from '../result';
import type { PathStep } from './sum-tree';
import {
  addSums,
  compareBytes,
  HASH_BYTES,
  leafBytes,
  type MaybeAsyncSha256,
  nodeBytes,
} from './sum-tree-bytes';

export interface InclusionClaim {
  /** The customer's account id, as the proof names it; the leaf commits to its SHA-256. */
  readonly accountId: string;
  readonly salt: Uint8Array;
  /** The customer's balances at the snapshot, one per asset in the report's order, in minor units. */
  readonly balances: readonly bigint[];
  readonly path: readonly PathStep[];
  /** What the report publishes: the root's hash and the liabilities per asset. */
  readonly root: { readonly hash: Uint8Array; readonly totals: readonly bigint[] };
}

export type InclusionRejection =
  | 'malformed_proof'
  | 'negative_balance'
  | 'negative_sum'
  | 'root_mismatch'
  | 'totals_mismatch';

/**
 * Recomputes the root from the customer's leaf and the siblings on its path, and compares it with the
 * published root. Checked in this order: the shape (32-byte salt and hashes, one amount per asset);
 * no balance of the leaf is negative; no sibling's sum is negative (so a negative leaf cannot lower a
 * total unseen: its neighbour's owner is shown it); the recomputed hash equals the root's (a changed
 * balance, salt or a path of another report fails here); the recomputed sums equal the published
 * totals (a leaf left out of the totals fails here). Async because the browser's SHA-256 is.
 */
export async function verifyInclusion(
  claim: InclusionClaim,
  hash: MaybeAsyncSha256,
): Promise<Result<{ readonly totals: readonly bigint[] }, InclusionRejection>> {
  const k = claim.balances.length;
  const wellFormed =
    claim.salt.length === HASH_BYTES &&
    claim.root.hash.length === HASH_BYTES &&
    claim.root.totals.length === k &&
    claim.path.every((step) => step.hash.length === HASH_BYTES && step.sums.length === k);
  if (!wellFormed) return reject('malformed_proof');
  if (claim.balances.some((amount) => amount < 0n)) return reject('negative_balance');
  for (const [depth, step] of claim.path.entries())
    if (step.sums.some((amount) => amount < 0n)) return reject('negative_sum', { depth: String(depth) });
  const accountHash = await hash(new TextEncoder().encode(claim.accountId));
  let nodeHash = await hash(leafBytes(accountHash, claim.salt, claim.balances));
  let sums: readonly bigint[] = claim.balances;
  for (const step of claim.path) {
    const bytes =
      step.side === 'left'
        ? nodeBytes(step.hash, step.sums, nodeHash, sums)
        : nodeBytes(nodeHash, sums, step.hash, step.sums);
    nodeHash = await hash(bytes);
    sums = addSums(sums, step.sums);
  }
  if (compareBytes(nodeHash, claim.root.hash) !== 0) return reject('root_mismatch');
  if (sums.some((total, i) => total !== claim.root.totals[i])) return reject('totals_mismatch');
  return ok({ totals: sums });
}
