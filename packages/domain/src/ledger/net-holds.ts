import type { AssetCode } from '../assets';
import type { Minor } from '../money';
import { assert } from '../result';
import { userAccount } from './accounts';
import type { EntryDraft, Posting } from './entry';

/** The kind of the entry that stands for one user's holds and releases of one written batch. */
export const NETTED_HOLDS_KIND = 'ORDER_HOLDS';

/**
 * The kinds of an order's hold (available to locked, at placement) and of its release (what is left
 * of it, back to available): the entries a round nets. Named once, for the writers and the netting.
 */
export const ORDER_HOLD_KIND = 'ORDER_HOLD';
export const ORDER_RELEASE_KIND = 'ORDER_RELEASE';
export const ORDER_HOLD_KINDS: ReadonlySet<string> = new Set([ORDER_HOLD_KIND, ORDER_RELEASE_KIND]);

/**
 * One user's holds and releases of one written batch as ONE journal entry (`ORDER_HOLDS`), the rest
 * kept as they are. A hold (`holdKinds`: available to locked) or a release (locked to available)
 * moves money between two accounts of the same owner and changes nothing the owner has; a market
 * maker's round of thirty places and cancels wrote thirty entries and sixty postings for it, about
 * half of the round's statement. Netted, the user's locked balance in an asset moves by the sum of
 * its parts, so every balance after the batch is the same, and so is each account's running total at
 * every batch's end (the ledger check: locked equals what the open orders still hold).
 *
 * What is kept of each part: a line of the memo's `parts`, its reference, asset and the locked
 * balance's change (`order-hold:<id> USDT 300600000000`; a release negative), so the entry says which
 * orders it stands for and by how much. (A list rather than an object keyed by reference: a fresh key
 * per order cost the process three times as much.) The entry's reference is its first part's,
 * prefixed (`holds:`), unique as the parts' references are. An asset whose parts cancel out posts
 * nothing; when all of them do, there is no entry, and the orders' rows still say what each held.
 *
 * The parts must be exactly an available-to-locked transfer of one asset of their entry's user, or
 * its reverse (what holdPostings and releasePostings make); anything else is a caller's bug.
 */
export function netHolds(drafts: readonly EntryDraft[], holdKinds: ReadonlySet<string>): EntryDraft[] {
  const kept: EntryDraft[] = [];
  const byUser = new Map<string, { first: string; parts: string[]; locked: Map<AssetCode, Minor> }>();
  const seen = new Set<string>();
  for (const draft of drafts) {
    if (!holdKinds.has(draft.kind)) {
      kept.push(draft);
      continue;
    }
    const { userId } = draft;
    assert(userId !== null, `hold ${draft.reference} names its user`);
    const { asset, lockedChange } = lockedChangeOf(draft, userId);
    let netted = byUser.get(userId);
    if (!netted) {
      netted = { first: draft.reference, parts: [], locked: new Map() };
      byUser.set(userId, netted);
    }
    assert(!seen.has(draft.reference), `hold ${draft.reference} is netted once`);
    seen.add(draft.reference);
    netted.parts.push(`${draft.reference} ${asset} ${lockedChange}`);
    netted.locked.set(asset, (netted.locked.get(asset) ?? 0n) + lockedChange);
  }
  for (const [userId, { first, parts, locked }] of byUser) {
    const postings: Posting[] = [];
    for (const [asset, change] of locked) {
      if (change === 0n) continue;
      postings.push(
        { account: userAccount(userId, asset, 'AVAILABLE'), amount: -change },
        { account: userAccount(userId, asset, 'LOCKED'), amount: change },
      );
    }
    if (postings.length > 0)
      kept.push({ kind: NETTED_HOLDS_KIND, reference: `holds:${first}`, userId, postings, memo: { parts } });
  }
  return kept;
}

/** The asset and locked-balance change of a hold or a release (see netHolds). */
function lockedChangeOf(draft: EntryDraft, userId: string): { asset: AssetCode; lockedChange: Minor } {
  const [a, b] = draft.postings;
  assert(draft.postings.length === 2 && a && b, `hold ${draft.reference} has two postings`);
  const locked = [a, b].find((p) => p.account.kind === 'LOCKED');
  const available = [a, b].find((p) => p.account.kind === 'AVAILABLE');
  assert(
    locked !== undefined &&
      available !== undefined &&
      locked.account.userId === userId &&
      available.account.userId === userId &&
      locked.account.asset === available.account.asset &&
      locked.amount === -available.amount &&
      locked.amount !== 0n,
    `hold ${draft.reference} moves one asset between its user's available and locked balances`,
  );
  return { asset: locked.account.asset, lockedChange: locked.amount };
}
