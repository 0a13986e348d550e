import { HISTORY_OPERATION_TYPES, SWAP_OPERATIONS } from '@exchange/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, minor, updatedAt } from './columns';

/**
 * One account per (owner, asset, kind, scope). User accounts are AVAILABLE or LOCKED and never negative;
 * system accounts (PAYMENT_CLEARING, HOUSE_INVENTORY, FEE_REVENUE, STAKING_POOL, REFERRAL_EXPENSE) may
 * go negative where they stand for value outside the product. `balance` is a cache of the postings,
 * which `ledger:verify` recomputes. `scope` names the chain of the accounts kept per chain (CHAIN_CUSTODY,
 * NETWORK_FEES: one account per chain and asset); every other account has scope ''.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id),
    asset: text('asset').notNull(),
    kind: text('kind').notNull(),
    allowNegative: boolean('allow_negative').notNull().default(false),
    balance: minor('balance').notNull().default('0'),
    // Hot system accounts (house inventory, fees) are spread over sub-accounts so concurrent trades
    // do not queue on one row; user accounts and other system accounts are always shard 0.
    shard: smallint('shard').notNull().default(0),
    // The chain's key for the accounts kept per chain (custody, network fees); '' for every other.
    scope: text('scope').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_key').on(
      sql`coalesce(${t.userId}, '00000000-0000-0000-0000-000000000000')`,
      t.asset,
      t.kind,
      t.scope,
      t.shard,
    ),
    // A user's accounts by owner (the wallet, the guards' batch reads, the admin lists): the unique key
    // above leads with coalesce(user_id, nil), which a plain `user_id = ...` cannot use, so without
    // this every wallet read scanned every account. Accounts are created once, so it costs no write.
    index('ledger_accounts_user_idx').on(t.userId, t.asset, t.kind).where(sql`${t.userId} IS NOT NULL`),
    check(
      'ledger_accounts_shard',
      sql`${t.shard} >= 0 AND ${t.shard} < 256 AND (${t.shard} = 0 OR ${t.userId} IS NULL)`,
    ),
    check(
      'ledger_accounts_scope',
      sql`${t.scope} = '' OR (${t.userId} IS NULL AND ${t.kind} IN ('CHAIN_CUSTODY', 'NETWORK_FEES') AND ${t.scope} ~ '^[a-z0-9-]{1,32}$')`,
    ),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} OR ${t.balance} >= 0`),
    check(
      'ledger_accounts_owner_kind',
      sql`(${t.userId} IS NULL) = (${t.kind} NOT IN ('AVAILABLE', 'LOCKED'))`,
    ),
  ],
);

/** An append-only journal entry. `reference` makes a business event post at most once. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    userId: uuid('user_id').references(() => users.id),
    memo: jsonb('memo').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('journal_entries_reference_key').on(t.reference),
    index('journal_entries_user_idx').on(t.userId),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset').notNull(),
    amount: minor('amount').notNull(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId),
    // A zero posting moves nothing and would only hide mistakes; the domain refuses it too.
    check('postings_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * `operation IN (...)` of the swap history's rows (the domain's SWAP_OPERATIONS), with the operations
 * as literals: the partial index below is defined by it, and a query the index is to serve must say
 * it word for word (bound parameters would keep the planner from proving the index covers it).
 */
export function swapRows(operation: AnyPgColumn): SQL {
  return sql`${operation} IN (${sql.raw(SWAP_OPERATIONS.map((op) => `'${op}'`).join(', '))})`;
}

/**
 * What a user sees as a wallet transaction (spec section 3). Settled ones point at their journal entry;
 * pending and rejected ones (a declined deposit, say) have none.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    operationType: text('operation_type', { enum: HISTORY_OPERATION_TYPES }).notNull(),
    operation: text('operation').notNull(),
    fromAsset: text('from_asset'),
    fromAmount: minor('from_amount'),
    toAsset: text('to_asset'),
    toAmount: minor('to_amount'),
    status: text('status', { enum: ['SUCCESS', 'PENDING', 'REJECTED'] }).notNull(),
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    reference: text('reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A user's transactions page newest first by (created_at, id); with the id in the index the page
    // is read from it in order, where (user_id, created_at) alone lost to the time index below, which
    // then walked every newer row of every other user.
    index('wallet_transactions_user_idx').on(t.userId, t.createdAt, t.id),
    // Swap history pages one user's swaps and MultiCoin buys, newest first. Limit fills share their
    // operation type (CRYPTO_TO_CRYPTO) but are not swaps, so the index holds the swaps' rows only.
    index('wallet_transactions_user_swaps_idx').on(t.userId, t.createdAt, t.id).where(swapRows(t.operation)),
    uniqueIndex('wallet_transactions_reference_key').on(t.reference),
    // The back office pages every user's transactions in time order, lists the newest pending ones and
    // counts and charts them by kind over a date range: a kind is an operation type and, for
    // CRYPTO_TO_CRYPTO (swaps and limit fills alike), the operation.
    index('wallet_transactions_created_idx').on(t.createdAt, t.id),
    index('wallet_transactions_status_created_idx').on(t.status, t.createdAt),
    index('wallet_transactions_type_created_idx').on(t.operationType, t.operation, t.createdAt),
    // The admin Transactions screen filters and sorts by kind (the operation), newest first within it.
    index('wallet_transactions_operation_created_idx').on(t.operation, t.createdAt, t.id),
  ],
);

/**
 * The first answer to a money-moving POST, replayed for a repeated Idempotency-Key. `claimToken`
 * names the request that holds the key right now (a retry may take over a claim a crash left behind);
 * `committedAt` is set inside the first transaction the holder commits, so a claim whose effect
 * committed is never run again, even when its answer was lost.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    claimToken: uuid('claim_token').notNull().defaultRandom(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // Old keys are pruned by age.
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
