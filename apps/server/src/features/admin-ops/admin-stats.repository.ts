import { INSTANT_TRADE_TYPES, LIMIT_FILL_OPERATIONS, SWAP_OPERATIONS } from '@exchange/domain';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  kycRecords,
  ledgerAccounts,
  stakes,
  supportTickets,
  users,
  walletTransactions,
} from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { rowUserColumns } from './admin-lists.repository';

const { operationType: type, operation } = walletTransactions;

/**
 * Wallet transactions that are a buy or a sell: instant ones against the house and limit orders' fills.
 * A fill is CRYPTO_TO_CRYPTO (USDT for a coin) like a swap, so its operation tells the two apart; the
 * (operation_type, operation, created_at) index serves both filters and the graph's date range.
 */
export const BUY_OR_SELL = or(
  inArray(type, [...INSTANT_TRADE_TYPES]),
  and(eq(type, 'CRYPTO_TO_CRYPTO'), inArray(operation, [...LIMIT_FILL_OPERATIONS])),
)!;
/** Swaps and MultiCoin buys, as the customer's swap history lists them. */
export const SWAP = and(eq(type, 'CRYPTO_TO_CRYPTO'), inArray(operation, [...SWAP_OPERATIONS]))!;

async function countOf(
  db: DbOrTx,
  table: typeof walletTransactions | typeof stakes | typeof kycRecords,
  where?: SQL,
) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** The dashboard's figures, each one count over an indexed column. */
export async function dashboardCounts(db: DbOrTx) {
  // Customers alone: admins and the exchange's own SYSTEM accounts are not counted.
  const [customers] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.kind, 'CUSTOMER'), eq(users.role, 'USER')));
  const kycByStatus = await db
    .select({ status: kycRecords.status, n: count() })
    .from(kycRecords)
    .groupBy(kycRecords.status);
  const txByStatus = await db
    .select({ status: walletTransactions.status, n: count() })
    .from(walletTransactions)
    .groupBy(walletTransactions.status);
  const kyc = (status: string) => kycByStatus.find((row) => row.status === status)?.n ?? 0;
  const tx = (status: string) => txByStatus.find((row) => row.status === status)?.n ?? 0;
  return {
    totalUserCount: customers?.n ?? 0,
    totalKycCount: kycByStatus.reduce((sum, row) => sum + row.n, 0),
    totalApprovedKycCount: kyc('APPROVED'),
    totalPendingKycCount: kyc('PENDING'),
    totalRejectedKycCount: kyc('REJECTED'),
    totalTransactionCount: txByStatus.reduce((sum, row) => sum + row.n, 0),
    totalSuccessTransactionCount: tx('SUCCESS'),
    totalPendingTransactionCount: tx('PENDING'),
    Totalbuysellcount: await countOf(db, walletTransactions, BUY_OR_SELL),
    TotalSwapcount: await countOf(db, walletTransactions, SWAP),
    totalStakeCount: await countOf(db, stakes),
    totalActiveStakeCount: await countOf(db, stakes, eq(stakes.status, 'ACTIVE')),
  };
}

/** The newest KYC submissions waiting for a decision (the pending partial index serves it). */
export function latestPendingKyc(db: DbOrTx, limit: number) {
  return db
    .select({ kyc: kycRecords, user: rowUserColumns })
    .from(kycRecords)
    .innerJoin(users, eq(users.id, kycRecords.userId))
    .where(eq(kycRecords.status, 'PENDING'))
    .orderBy(desc(kycRecords.createdAt), desc(kycRecords.id))
    .limit(limit);
}

/** The newest tickets still waiting for the team (PENDING, or INACTIVE which shows as PENDING). */
export function latestPendingTickets(db: DbOrTx, limit: number) {
  return db
    .select({ ticket: supportTickets, user: rowUserColumns })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(inArray(supportTickets.status, ['PENDING', 'INACTIVE']))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(limit);
}

export interface DailyCount {
  readonly day: string;
  readonly n: number;
}

/** Records per UTC day in [start, end): wallet transactions of one kind (`BUY_OR_SELL`, `SWAP`). */
export async function dailyTransactions(
  db: DbOrTx,
  kind: SQL,
  start: Date,
  end: Date,
): Promise<DailyCount[]> {
  const day = sql<string>`to_char(${walletTransactions.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, n: count() })
    .from(walletTransactions)
    .where(and(kind, gte(walletTransactions.createdAt, start), lt(walletTransactions.createdAt, end)))
    .groupBy(day);
}

/** Stakes opened per UTC day in [start, end). */
export async function dailyStakes(db: DbOrTx, start: Date, end: Date): Promise<DailyCount[]> {
  const day = sql<string>`to_char(${stakes.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, n: count() })
    .from(stakes)
    .where(and(gte(stakes.createdAt, start), lt(stakes.createdAt, end)))
    .groupBy(day);
}

export interface AccountTotal {
  readonly asset: string;
  /** AVAILABLE, LOCKED or a system kind. */
  readonly kind: string;
  /** True for the house liquidity account's own accounts (its user is of kind SYSTEM). */
  readonly house: boolean;
  /** Minor units. */
  readonly total: bigint;
}

/** The cached balances of every ledger account, summed per asset, kind and owner class. */
export async function accountTotals(db: DbOrTx): Promise<AccountTotal[]> {
  // Grouped by position, as the house flag is an expression.
  const result = await db.execute<{ asset: string; kind: string; house: boolean; total: string }>(sql`
    SELECT a.asset, a.kind, coalesce(u.kind = 'SYSTEM', false) AS house, sum(a.balance)::text AS total
    FROM ${ledgerAccounts} a LEFT JOIN ${users} u ON u.id = a.user_id
    GROUP BY 1, 2, 3`);
  return result.rows.map((row) => ({ ...row, total: BigInt(row.total) }));
}
