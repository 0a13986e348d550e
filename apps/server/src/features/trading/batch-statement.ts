import { messages } from '@exchange/contracts';
import { assert, type EntryDraft, netHolds, ORDER_HOLD_KINDS } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx, IdempotencyClaim } from '../../platform/db';
import { driverErrorWhere } from '../../platform/driver-error';
import { AppError } from '../../platform/errors';
import { entryParams, prepareEntries } from '../ledger/post-entries';
import type { WalletTransactionDraft } from '../ledger/wallet-history';
import {
  type ApiOrderRecord,
  apiOrderRow,
  orderRow,
  type TradeDraft,
  tradeRow,
  walletTransactionRow,
} from './batch-rows';
import type { OrderRecord } from './trading.repository';

/**
 * Another writer (another process) moved the market after this process last read it: the book the
 * batch was decided on is out of date. Nothing was written; the book must be rebuilt.
 */
export class MarketMovedMeanwhile extends Error {
  /** A serialization failure of our own: once its reruns are spent, the edge answers 503 db_busy. */
  readonly code = '40001';
  constructor() {
    super('the market moved since its book was read');
  }
}

/**
 * A batch's debits were not all covered when it was written (another writer spent first): thrown by
 * `BatchWrites.flush` before anything is written.
 */
export class BatchDebitRefused extends Error {
  constructor(readonly accountIds: readonly bigint[]) {
    super(`conditional debit refused on accounts ${accountIds.join(', ')}`);
  }
}

/**
 * Client ids (api_orders, unique per key) that the batch's new orders' records could not take: an
 * earlier order holds each, or an earlier order of the same batch. Nothing was written; `orderIds`
 * are the batch's orders whose ids were taken.
 */
export class ClientOrderIdTaken extends Error {
  constructor(readonly orderIds: readonly string[]) {
    super(`client order id already taken for orders ${orderIds.join(', ')}`);
  }
}

/** The order ids of trading_write_batch's 'client_order_id_taken' exception, if that is the error. */
function takenClientIds(error: unknown): string[] | undefined {
  return driverErrorWhere(
    error,
    (c): c is { detail: string } =>
      c.code === 'P0001' && c.message === 'client_order_id_taken' && typeof c.detail === 'string',
  )?.detail.split(',');
}

/**
 * Between the notifications in the one text they are sent as (split again by `string_to_array`): a
 * JSON text never holds U+001E, which JSON.stringify always escapes. As a text[] parameter, pg escaped
 * every quote of every payload twice over, the largest allocation of a market maker's rounds.
 */
export const NOTIFICATION_SEPARATOR = '\u001e';

/** What one batch staged (BatchWrites), as `writeBatch` writes it. */
export interface StagedBatch {
  readonly fresh: readonly OrderRecord[];
  readonly changed: readonly OrderRecord[];
  readonly entries: readonly EntryDraft[];
  readonly trades: readonly TradeDraft[];
  readonly walletTransactions: readonly WalletTransactionDraft[];
  /** The API's records of new orders (their client ids), taken with the orders. */
  readonly apiOrders: readonly ApiOrderRecord[];
  readonly notifyChannel: string | null;
  readonly notifications: readonly string[];
}

/**
 * Writes everything staged in one statement, which is its own transaction (`trading_write_batch`,
 * migrations 0020 and 0027): each market's sequence row is locked (in market order) and must still
 * hold its `expectedSeq` (else MarketMovedMeanwhile, nothing written); the requests' idempotency
 * claims must all still be held (else AppError idempotency_in_progress, nothing written); a debit
 * the locked balance does not cover throws BatchDebitRefused before anything is written. Then the
 * journal entries (one balance update per account), new and changed orders, the new orders' API
 * records (a client id already held throws ClientOrderIdTaken, and nothing is written), trades, the
 * fills' wallet transactions, the claims' stamps, each market's last sequence number and the
 * notifications, all committed together.
 */
export async function writeBatch(
  db: DbOrTx,
  staged: StagedBatch,
  options: {
    markets?: readonly { id: string; expectedSeq: bigint; seq: bigint }[];
    claims: readonly IdempotencyClaim[];
  },
): Promise<void> {
  const { markets = [], claims } = options;
  // The orders' holds and releases netted, one entry per user (netHolds); the fills' entries stay one
  // per trade, as the trades and history rows name them.
  const entries = prepareEntries(netHolds(staged.entries, ORDER_HOLD_KINDS));
  const entryIndex = new Map(entries.map((entry, i) => [entry.reference, i + 1]));
  const indexOf = (reference: string) => {
    const index = entryIndex.get(reference);
    assert(index !== undefined, `entry ${reference} is staged`);
    return index;
  };
  const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;
  const statement = sql`
    SELECT outcome, refused_accounts::text[] AS refused_accounts FROM trading_write_batch(
      ${json(staged.fresh.map(orderRow))}, ${json(staged.changed.map(orderRow))},
      ${json(staged.trades.map(({ entryReference, ...trade }) => ({ ...tradeRow(trade), entry: indexOf(entryReference) })))},
      ${json(staged.walletTransactions.map((record) => walletTransactionRow(record, indexOf(record.entryReference))))},
      ${json(staged.apiOrders.map(apiOrderRow))},
      ${sql.param(markets.map((m) => m.id))}::text[],
      ${sql.param(markets.map((m) => m.expectedSeq.toString()))}::bigint[],
      ${sql.param(markets.map((m) => m.seq.toString()))}::bigint[],
      ${staged.notifyChannel}::text, string_to_array(${staged.notifications.join(NOTIFICATION_SEPARATOR)}::text, chr(30)),
      ${sql.param(claims.map((c) => c.userId))}::uuid[], ${sql.param(claims.map((c) => c.key))}::text[],
      ${sql.param(claims.map((c) => c.token))}::uuid[],
      ${entryParams(entries)})`;
  const found = await db
    .execute<{ outcome: string; refused_accounts: string[] | null }>(statement)
    .catch((error: unknown) => {
      const taken = takenClientIds(error);
      throw taken ? new ClientOrderIdTaken(taken) : error;
    });
  const row = found.rows[0];
  assert(row, 'trading_write_batch answered');
  if (row.outcome === 'insufficient') throw new BatchDebitRefused((row.refused_accounts ?? []).map(BigInt));
  if (row.outcome === 'stale') throw new MarketMovedMeanwhile();
  if (row.outcome === 'claim_lost')
    throw new AppError('idempotency_in_progress', messages.idempotencyInProgress);
  assert(row.outcome === 'written', `a batch is written or refused (${row.outcome})`);
}
