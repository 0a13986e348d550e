import type { OrderRecord } from './trading.repository';

/** An order as a batch holds it (BatchWrites). */
export interface Tracked {
  record: OrderRecord;
  /** The status storage holds now ('new': not stored yet). */
  readonly stored: OrderRecord['status'] | 'new';
  /** Whether a command changed it (only those are written back). */
  dirty: boolean;
}

/** How an order's change in the batch moves its owner's open count on its market (-1, 0 or 1). */
export const openCountChange = ({ record, stored }: Tracked): number =>
  (record.status === 'open' ? 1 : 0) - (stored === 'open' ? 1 : 0);

/** Past these, a carry starts again from the last round's reads alone (its size stays bounded). */
const MAX_CARRIED_ACCOUNTS = 20_000;
const MAX_CARRIED_ORDERS = 20_000;

/**
 * What the market rounds' last committed batch knew, handed to the next (MarketRounds): each user
 * account's balance as that batch projected it, each user's open-order count per market, and the
 * open orders as that batch wrote them. A market maker's account is in nearly every round; without
 * this each round read its balances and orders again, one round trip before any command could run,
 * while the batch before had just written them.
 *
 * It is as trustworthy as a batch's own first read, which is unlocked and may be stale by the time the
 * batch writes (BatchWrites):
 * - orders and their counts change only through market batches; another process's batch moves the
 *   market's sequence, so ours fails as MarketMovedMeanwhile, and a failed round or a rebuilt book
 *   clears the carry;
 * - a balance another writer lowered meanwhile (a withdrawal, another process's batch) is caught
 *   where it always was, by the conditional debit at flush, which fails the round (and clears this);
 * - a balance another writer raised (a deposit) would refuse a command that should pass, so a debit a
 *   carried balance does not cover is checked again on a fresh read before it is refused.
 */
export class RoundCarry {
  readonly balances = new Map<string, bigint>();
  /** `${userId}/${marketId}` → open orders. */
  readonly counts = new Map<string, number>();
  readonly orders = new Map<string, OrderRecord>();

  clear(): void {
    this.balances.clear();
    this.counts.clear();
    this.orders.clear();
  }

  /**
   * Takes in what a committed batch leaves: its projected balances, the open counts it read with its
   * own changes to them, and its orders as now stored.
   */
  absorb(left: {
    balances: ReadonlyMap<string, bigint>;
    counts: ReadonlyMap<string, number>;
    orders: Iterable<Tracked>;
  }): void {
    if (this.balances.size > MAX_CARRIED_ACCOUNTS || this.counts.size > MAX_CARRIED_ACCOUNTS) {
      this.balances.clear();
      this.counts.clear();
    }
    if (this.orders.size > MAX_CARRIED_ORDERS) this.orders.clear();
    for (const [name, balance] of left.balances) this.balances.set(name, balance);
    const counts = new Map(left.counts);
    for (const tracked of left.orders) {
      const { record } = tracked;
      // A closed order (filled, cancelled) never changes again, and a later look-up of it reads it
      // from storage. Carried, each of a market maker's closed orders stayed for the next twenty
      // thousand: long enough to be copied out of the young generation into the old, for nothing.
      if (record.status === 'open') this.orders.set(record.id, record);
      else this.orders.delete(record.id);
      const key = `${record.userId}/${record.marketId}`;
      const n = counts.get(key);
      if (n !== undefined) counts.set(key, n + openCountChange(tracked));
    }
    for (const [key, n] of counts) this.counts.set(key, n);
  }
}
