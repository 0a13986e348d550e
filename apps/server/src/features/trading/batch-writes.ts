import {
  type AccountKey,
  type AssetCode,
  accountName,
  assert,
  type EntryDraft,
  userAccount,
} from '@exchange/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { DbOrTx, IdempotencyClaim } from '../../platform/db';
import { loadBalances } from '../ledger/ledger.repository';
import type { LedgerWrites } from '../ledger/ledger-writes';
import type { WalletTransactionDraft } from '../ledger/wallet-history';
import type { ApiOrderRecord, TradeDraft } from './batch-rows';
import { NOTIFICATION_SEPARATOR, writeBatch } from './batch-statement';
import { openCountChange, type RoundCarry, type Tracked } from './round-carry';
import { loadOrders, type OrderRecord } from './trading.repository';

/**
 * What one market batch writes, collected while its commands run and written at the end in a few
 * multi-row statements (`flush`): new orders, changed orders, journal entries with one balance update
 * per account, trades. Commands read through it, so a command sees what earlier commands of the same
 * batch did (an order placed, filled or cancelled; a balance moved) although none of it is stored yet.
 *
 * A command must stage nothing before its last refusal: a refused command leaves the batch untouched.
 * `staged` counts staged writes, so the engine can tell a command that failed after staging.
 */
export class BatchWrites implements LedgerWrites {
  private readonly orders = new Map<string, Tracked>();
  private readonly openStored = new Map<string, number>();
  /** Projected balances of user accounts (stored balance read without a lock, plus this batch's postings). */
  private readonly balances = new Map<string, bigint>();
  private readonly entries: EntryDraft[] = [];
  private readonly trades: TradeDraft[] = [];
  private readonly walletTransactions: WalletTransactionDraft[] = [];
  private readonly apiOrders: ApiOrderRecord[] = [];
  private readonly notifications: string[] = [];
  private notifyChannel: string | null = null;
  staged = 0;
  /**
   * Balances taken from the carry and not read in this batch: the value each started from (a debit
   * one does not cover is checked again on a fresh read before it is refused).
   */
  private readonly carried = new Map<string, bigint>();

  /** `carry`: what the last committed market batch knew (RoundCarry), taken as first reads. */
  constructor(
    private readonly db: DbOrTx,
    private readonly carry?: RoundCarry,
  ) {}

  /** Whether the batch knows the account's balance (taking it from the carry on first use). */
  private knows(name: string): boolean {
    if (this.balances.has(name)) return true;
    const carried = this.carry?.balances.get(name);
    if (carried === undefined) return false;
    this.balances.set(name, carried);
    this.carried.set(name, carried);
    return true;
  }

  /** The stored open-order count of a user on a market, if known (taking it from the carry). */
  private storedCount(key: string): number | undefined {
    let n = this.openStored.get(key);
    if (n === undefined) {
      n = this.carry?.counts.get(key);
      if (n !== undefined) this.openStored.set(key, n);
    }
    return n;
  }

  private tracked(id: string): Tracked | undefined {
    let tracked = this.orders.get(id);
    if (!tracked) {
      const record = this.carry?.orders.get(id);
      if (record) {
        tracked = { record, stored: record.status, dirty: false };
        this.orders.set(id, tracked);
      }
    }
    return tracked;
  }

  /** What this batch leaves for the next once it committed (RoundCarry.absorb). */
  left(): { balances: Map<string, bigint>; counts: Map<string, number>; orders: Iterable<Tracked> } {
    return { balances: this.balances, counts: this.openStored, orders: this.orders.values() };
  }

  /**
   * Reads ahead, in one statement, what the batch's commands would otherwise read one user at a time:
   * for each market of the batch, its users' open orders on it and their AVAILABLE and LOCKED balances
   * in its assets (an account not opened yet holds 0). The same unlocked reads a command's first look
   * would make; what is already known is kept.
   */
  async prefetch(
    reads: readonly { marketId: string; assets: readonly AssetCode[]; userIds: readonly string[] }[],
  ): Promise<void> {
    const wanted = reads.flatMap(({ marketId, assets, userIds }) =>
      [...new Set(userIds)]
        .filter((id) => this.storedCount(`${id}/${marketId}`) === undefined)
        .map((userId) => ({ userId, marketId, assets })),
    );
    if (wanted.length === 0) return;
    const ids = sql.param([...new Set(wanted.map((w) => w.userId))]);
    const markets = sql.param([...new Set(wanted.map((w) => w.marketId))]);
    const assets = sql.param([...new Set(wanted.flatMap((w) => w.assets))]);
    // A count row carries its market where a balance row carries its asset; its kind is NULL.
    const found = await this.db.execute<{
      user_id: string;
      asset: string;
      kind: string | null;
      value: string;
    }>(sql`
      SELECT user_id::text, market_id AS asset, NULL AS kind, count(*)::text AS value
        FROM orders WHERE market_id = ANY(${markets}::text[]) AND status = 'open' AND user_id = ANY(${ids}::uuid[])
       GROUP BY user_id, market_id
      UNION ALL
      SELECT user_id::text, asset, kind, balance::text
        FROM ledger_accounts
       WHERE user_id = ANY(${ids}::uuid[]) AND asset = ANY(${assets}::text[])
         AND kind IN ('AVAILABLE', 'LOCKED')`);
    const known = new Set(this.balances.keys());
    const read = new Map<string, bigint>();
    const counts = new Map<string, number>();
    for (const row of found.rows) {
      if (row.kind === null) {
        counts.set(`${row.user_id}/${row.asset}`, Number.parseInt(row.value, 10));
        continue;
      }
      const key = userAccount(row.user_id, row.asset as AssetCode, row.kind as 'AVAILABLE' | 'LOCKED');
      read.set(accountName(key), BigInt(row.value));
    }
    for (const { userId, marketId, assets: marketAssets } of wanted) {
      const key = `${userId}/${marketId}`;
      if (!this.openStored.has(key)) this.openStored.set(key, counts.get(key) ?? 0);
      for (const asset of marketAssets)
        for (const kind of ['AVAILABLE', 'LOCKED'] as const) {
          const name = accountName(userAccount(userId, asset, kind));
          if (!known.has(name)) this.balances.set(name, read.get(name) ?? 0n);
        }
    }
  }

  /** Reads ahead, in one statement, the balances the batch's commands will project. */
  async prefetchBalances(keys: readonly AccountKey[]): Promise<void> {
    const unknown = keys.filter((key) => !this.knows(accountName(key)));
    if (unknown.length === 0) return;
    for (const [name, balance] of await loadBalances(this.db, unknown)) this.balances.set(name, balance);
  }

  /** Orders by id: this batch's copy where it has one, else storage's (kept for later commands). */
  async loadOrders(ids: readonly string[]): Promise<Map<string, OrderRecord>> {
    const out = new Map<string, OrderRecord>();
    const missing: string[] = [];
    for (const id of ids) {
      const tracked = this.tracked(id);
      if (tracked) out.set(id, tracked.record);
      else missing.push(id);
    }
    for (const [id, record] of await loadOrders(this.db, missing)) {
      this.orders.set(id, { record, stored: record.status, dirty: false });
      out.set(id, record);
    }
    return out;
  }

  async findOrder(id: string): Promise<OrderRecord | undefined> {
    return (await this.loadOrders([id])).get(id);
  }

  /** How many open orders the user has on the market, counting this batch's changes. */
  async countOpenOrders(userId: string, marketId: string): Promise<number> {
    const key = `${userId}/${marketId}`;
    let stored = this.storedCount(key);
    if (stored === undefined) {
      const [row] = await this.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.marketId, marketId), eq(orders.status, 'open')));
      stored = row?.n ?? 0;
      this.openStored.set(key, stored);
    }
    let n = stored;
    for (const tracked of this.orders.values()) {
      if (tracked.record.userId !== userId || tracked.record.marketId !== marketId) continue;
      n += openCountChange(tracked);
    }
    return n;
  }

  /**
   * Stages a journal entry if every user account it debits covers it, on the balance read once per
   * batch plus this batch's postings; false (nothing staged) when one does not. System accounts are
   * not projected: those that may not go negative only collect. The conditional update at `flush`
   * stays the guarantee (a balance spent meanwhile elsewhere fails the batch, which is retried).
   * A balance the carry gave is read afresh before it refuses a debit (a deposit may have come since).
   */
  async post(draft: EntryDraft): Promise<boolean> {
    const userKeys = draft.postings.map((p) => p.account).filter((k) => k.userId !== null);
    const unknown = userKeys.filter((k) => !this.knows(accountName(k)));
    if (unknown.length > 0)
      for (const [name, balance] of await loadBalances(this.db, unknown)) this.balances.set(name, balance);
    let after = this.project(draft);
    if (!after) {
      const stale = userKeys.filter((k) => this.carried.has(accountName(k)));
      if (stale.length === 0) return false;
      for (const [name, balance] of await loadBalances(this.db, stale)) {
        // The fresh read, plus what this batch already posted to the account.
        this.balances.set(name, balance + this.balances.get(name)! - this.carried.get(name)!);
        this.carried.delete(name);
      }
      after = this.project(draft);
      if (!after) return false;
    }
    for (const [name, balance] of after) this.balances.set(name, balance);
    this.entries.push(draft);
    this.staged += 1;
    return true;
  }

  /** The user balances after the draft, or undefined when one would go below zero. */
  private project(draft: EntryDraft): Map<string, bigint> | undefined {
    const after = new Map<string, bigint>();
    for (const p of draft.postings) {
      if (p.account.userId === null) continue;
      const name = accountName(p.account);
      const next = (after.get(name) ?? this.balances.get(name)!) + p.amount;
      if (next < 0n) return undefined;
      after.set(name, next);
    }
    return after;
  }

  /** A new order, with the API's record of it (its client id) when it came through the API. */
  addOrder(record: OrderRecord, apiRecord?: ApiOrderRecord): void {
    assert(!this.orders.has(record.id), `order ${record.id} is new`);
    assert(!apiRecord || apiRecord.orderId === record.id, "an API record is its own order's");
    this.orders.set(record.id, { record, stored: 'new', dirty: true });
    if (apiRecord) this.apiOrders.push(apiRecord);
    this.staged += 1;
  }

  /** Records the command's copy of an order (settlement returns updated copies). */
  saveOrder(record: OrderRecord): void {
    const tracked = this.tracked(record.id);
    assert(tracked, `order ${record.id} was read through the batch`);
    tracked.record = record;
    tracked.dirty = true;
    this.staged += 1;
  }

  addTrade(trade: TradeDraft): void {
    this.trades.push(trade);
    this.staged += 1;
  }

  /** A fill as the user's wallet transaction, settled by the entry of `entryReference`. */
  addWalletTransaction(record: WalletTransactionDraft): void {
    this.walletTransactions.push(record);
    this.staged += 1;
  }

  /** Stages notifications to send on `channel` with the batch's writes (delivered only if it commits). */
  notify(channel: string, payloads: readonly string[]): void {
    assert(
      this.notifyChannel === null || this.notifyChannel === channel,
      'one notification channel per batch',
    );
    this.notifyChannel = channel;
    for (const payload of payloads)
      assert(
        payload.length > 0 && !payload.includes(NOTIFICATION_SEPARATOR),
        'a notification is not empty and holds no record separator',
      );
    this.notifications.push(...payloads);
  }

  /** Writes everything staged in one statement (`writeBatch`, which says what it checks). */
  async flush(options: {
    markets?: readonly { id: string; expectedSeq: bigint; seq: bigint }[];
    claims: readonly IdempotencyClaim[];
  }): Promise<void> {
    const all = [...this.orders.values()];
    await writeBatch(
      this.db,
      {
        fresh: all.filter((o) => o.stored === 'new').map((o) => o.record),
        changed: all.filter((o) => o.stored !== 'new' && o.dirty).map((o) => o.record),
        entries: this.entries,
        trades: this.trades,
        walletTransactions: this.walletTransactions,
        apiOrders: this.apiOrders,
        notifyChannel: this.notifyChannel,
        notifications: this.notifications,
      },
      options,
    );
  }
}
