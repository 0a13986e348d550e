import type { ReserveProof } from '@exchange/contracts';
import { fromHex, type InclusionRejection, verifyInclusion } from '@exchange/domain';

/** SHA-256 by the browser's Web Crypto: nothing of ours computes the hashes the check relies on. */
async function webCryptoSha256(bytes: Uint8Array): Promise<Uint8Array> {
  const copy = new Uint8Array(bytes);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', copy));
}

const REASONS: Record<InclusionRejection, string> = {
  malformed_proof: 'the proof is not well formed',
  negative_balance: 'a balance in your entry is negative',
  negative_sum: 'a sum on your path is negative',
  root_mismatch: 'your path does not lead to the published root',
  totals_mismatch: "the tree's totals are not the published liabilities",
};

/**
 * Recomputes the customer's path to the published root in the browser (docs/proof-of-reserves.md).
 * `root` is the report's root as the public report shows it, not the proof's own copy.
 */
export async function checkProof(
  proof: ReserveProof,
  root: { hash: string; totals: readonly string[] },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const salt = fromHex(proof.leaf.salt);
  const rootHash = fromHex(root.hash);
  const path = proof.path.map((step) => ({
    side: step.side,
    hash: fromHex(step.hash),
    sums: step.sums.map(BigInt),
  }));
  if (!salt || !rootHash || path.some((step) => step.hash === undefined))
    return { ok: false, reason: REASONS.malformed_proof };
  const result = await verifyInclusion(
    {
      accountId: proof.leaf.account_id,
      salt,
      balances: proof.leaf.balances.map(BigInt),
      path: path.map((step) => ({ side: step.side, hash: step.hash as Uint8Array, sums: step.sums })),
      root: { hash: rootHash, totals: root.totals.map(BigInt) },
    },
    webCryptoSha256,
  );
  return result.ok ? { ok: true } : { ok: false, reason: REASONS[result.code] };
}

/** The proof as a file the standalone verifier reads. */
export function downloadProof(proof: ReserveProof): void {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `proof-of-reserves-${proof.report._id}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
