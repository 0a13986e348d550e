import { assert } from '../result';
import { MAX_SHARDS, type SystemAccountKind } from './accounts';
import type { Posting } from './entry';

/**
 * The system accounts every instant trade, swap and fill touches: with one row per asset, all users'
 * trades would queue on the same row lock. They are spread over sub-accounts instead.
 */
export const HOT_ACCOUNT_KINDS: readonly SystemAccountKind[] = ['HOUSE_INVENTORY', 'FEE_REVENUE'];

/** How many sub-accounts a hot account is spread over by default. */
export const DEFAULT_HOT_SHARDS = 64;

/** FNV-1a, 32 bits: a stable, cheap hash, so one seed always lands on the same sub-account. */
export function shardOf(seed: string, shards: number): number {
  assert(Number.isInteger(shards) && shards >= 1 && shards <= MAX_SHARDS, `shard count ${shards} is valid`);
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/**
 * Moves an entry's postings on hot system accounts (HOUSE_INVENTORY, FEE_REVENUE) to the sub-account
 * `seed` hashes to (the entry's reference: one order, quote or trade), so concurrent entries spread
 * over `shards` rows per asset instead of queueing on one. A posting that already names a shard keeps
 * it. Sub-accounts allow what their main account allows (HOUSE_INVENTORY may go negative per shard,
 * FEE_REVENUE only collects), and every reader of a house or fee balance sums them.
 */
export function spreadHotPostings(postings: readonly Posting[], seed: string, shards: number): Posting[] {
  return spreadHotPostingsTo(postings, shardOf(seed, shards));
}

/** Moves an entry's postings on hot system accounts to sub-account `shard` (see `spreadHotPostings`). */
export function spreadHotPostingsTo(postings: readonly Posting[], shard: number): Posting[] {
  assert(Number.isInteger(shard) && shard >= 0 && shard < MAX_SHARDS, `shard ${shard} is valid`);
  return postings.map((posting) => {
    const { account } = posting;
    if (account.userId !== null || account.shard !== undefined || !HOT_ACCOUNT_KINDS.includes(account.kind))
      return posting;
    return { ...posting, account: { ...account, shard } };
  });
}
