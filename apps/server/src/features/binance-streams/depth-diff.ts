import type { DepthLevelView, MarketDepth } from '@exchange/contracts';

/** A side's changes as Binance's diff stream writes them: [price, quantity], "0" for a level gone. */
export type LevelChanges = [string, string][];

function sideDiff(
  before: readonly DepthLevelView[],
  after: readonly DepthLevelView[],
  zero: string,
): LevelChanges {
  const was = new Map(before.map((level) => [level.price, level.quantity]));
  const changes: LevelChanges = [];
  for (const level of after) {
    if (was.get(level.price) !== level.quantity) changes.push([level.price, level.quantity]);
    was.delete(level.price);
  }
  for (const price of was.keys()) changes.push([price, zero]);
  return changes;
}

/**
 * What turns the depth `before` into `after`: every level of `after` that is new or holds another
 * quantity, and every level of `before` that `after` lacks with quantity `zero`. Levels are absolute,
 * so applying a diff twice, or to a book that already has part of it, gives the same book: a client
 * that synced on a snapshot a little newer than the diff's U still ends equal to `after`.
 *
 * The depth is the book's best 20 levels a side (what GET /api/v3/depth answers), so a level pushed
 * below the 20th leaves as "0" and comes back when it is among the best 20 again: a client's book
 * stays equal to the REST depth.
 */
export function depthDiff(
  before: MarketDepth,
  after: MarketDepth,
  zero: string,
): { bids: LevelChanges; asks: LevelChanges } {
  return { bids: sideDiff(before.bids, after.bids, zero), asks: sideDiff(before.asks, after.asks, zero) };
}

/** Whether the best bid or ask (price or quantity) differs between two depths. */
export function topChanged(before: MarketDepth, after: MarketDepth): boolean {
  const same = (a?: DepthLevelView, b?: DepthLevelView) =>
    a?.price === b?.price && a?.quantity === b?.quantity;
  return !same(before.bids[0], after.bids[0]) || !same(before.asks[0], after.asks[0]);
}
