import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { chainCursors, chainDepositAddresses, chainDeposits } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { containsPattern } from '../../platform/search';

export type ChainDepositRow = typeof chainDeposits.$inferSelect;
export type ChainDepositStatusValue = ChainDepositRow['status'];

export async function findDepositAddress(db: DbOrTx, userId: string, chain: string) {
  const [row] = await db
    .select()
    .from(chainDepositAddresses)
    .where(and(eq(chainDepositAddresses.userId, userId), eq(chainDepositAddresses.chain, chain)));
  return row;
}

/** The next BIP-44 index, never handed out before (a lost race only skips one). */
export async function nextAddressIndex(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ index: string }>(
    sql`SELECT nextval('chain_address_index_seq')::text AS index`,
  );
  return Number(result.rows[0]!.index);
}

/** Keeps the customer's address; a concurrent first request that got there first wins, and is returned. */
export async function insertDepositAddress(
  db: DbOrTx,
  row: { userId: string; chain: string; addressIndex: number; address: string },
) {
  await db.insert(chainDepositAddresses).values(row).onConflictDoNothing();
  return findDepositAddress(db, row.userId, row.chain);
}

/** Every deposit address of a chain, lower-cased, with its owner: the watcher's set in memory. */
export async function depositAddressOwners(db: DbOrTx, chain: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ address: chainDepositAddresses.address, userId: chainDepositAddresses.userId })
    .from(chainDepositAddresses)
    .where(eq(chainDepositAddresses.chain, chain));
  return new Map(rows.map((row) => [row.address.toLowerCase(), row.userId]));
}

export async function findCursor(db: DbOrTx, chain: string) {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chain, chain));
  return row;
}

/** The watcher's place; `onlyIfMissing` starts it where a first address was handed out. */
export async function saveCursor(
  db: DbOrTx,
  cursor: { chain: string; blockNumber: bigint; blockHash: string },
  onlyIfMissing = false,
): Promise<void> {
  const insert = db.insert(chainCursors).values(cursor);
  if (onlyIfMissing) await insert.onConflictDoNothing();
  else
    await insert.onConflictDoUpdate({
      target: chainCursors.chain,
      set: { blockNumber: cursor.blockNumber, blockHash: cursor.blockHash, updatedAt: sql`now()` },
    });
}

export type SeenDeposit = Omit<
  typeof chainDeposits.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'entryId' | 'creditedAt'
>;

/**
 * Which of these transaction hashes the product sent itself (the chain sender's outbox, a replaced
 * hash included): a sweep's gas top-up reaches a deposit address like a deposit, and is none. The
 * sender stores a transaction's hash before broadcasting it, so the outbox knows it before any block.
 */
export async function ownTransactionHashes(
  db: DbOrTx,
  chain: string,
  hashes: readonly string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const wanted = sql`ARRAY[${sql.join(
    hashes.map((hash) => sql`${hash}`),
    sql`, `,
  )}]::text[]`;
  const found = await db.execute<{ hash: string }>(sql`
    SELECT h AS hash FROM chain_transactions, unnest(array_append(replaced_hashes, tx_hash)) AS h
     WHERE chain = ${chain} AND (tx_hash = ANY(${wanted}) OR replaced_hashes && ${wanted}) AND h = ANY(${wanted})`);
  return new Set(found.rows.map((row) => row.hash.toLowerCase()));
}

/**
 * Records deposits seen in blocks, once per (chain, tx, the log's place within the tx). One seen again
 * (a rescan after a reorg, another watcher) that still waits or was dropped is MOVED to where it is
 * now (block, hash, place in the block, confirmations from 0, what the log says), never added twice; a
 * credited or below-minimum one is left as it is. A log seen at a row's own block hash and block log
 * index is that row whatever its key (a row migrated in 0049 may carry a smaller in-transaction index
 * than the receipt gives). Returns the rows inserted or moved.
 */
export async function recordSeenDeposits(
  db: DbOrTx,
  seen: readonly SeenDeposit[],
): Promise<ChainDepositRow[]> {
  if (seen.length === 0) return [];
  const hashes = [...new Set(seen.map((row) => row.txHash))];
  const known = await db
    .select({
      chain: chainDeposits.chain,
      txHash: chainDeposits.txHash,
      blockHash: chainDeposits.blockHash,
      logIndex: chainDeposits.logIndex,
      txLogIndex: chainDeposits.txLogIndex,
    })
    .from(chainDeposits)
    .where(inArray(chainDeposits.txHash, hashes));
  const samePlace = (row: SeenDeposit) =>
    known.find(
      (k) =>
        k.chain === row.chain &&
        k.txHash === row.txHash &&
        k.blockHash === row.blockHash &&
        k.logIndex === row.logIndex,
    );
  const rows = seen.map((row) => ({ ...row, txLogIndex: samePlace(row)?.txLogIndex ?? row.txLogIndex }));
  return db
    .insert(chainDeposits)
    .values(rows)
    .onConflictDoUpdate({
      target: [chainDeposits.chain, chainDeposits.txHash, chainDeposits.txLogIndex],
      set: {
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        logIndex: sql`excluded.log_index`,
        confirmations: 0,
        asset: sql`excluded.asset`,
        userId: sql`excluded.user_id`,
        address: sql`excluded.address`,
        amountRaw: sql`excluded.amount_raw`,
        amount: sql`excluded.amount`,
        status: sql`excluded.status`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${chainDeposits.status} = 'DROPPED' OR (${chainDeposits.status} = 'PENDING' AND ${chainDeposits.blockHash} <> excluded.block_hash)`,
    })
    .returning();
}

export function pendingDeposits(db: DbOrTx, chain: string): Promise<ChainDepositRow[]> {
  return db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.chain, chain), eq(chainDeposits.status, 'PENDING')))
    .orderBy(asc(chainDeposits.blockNumber));
}

/** Moves a waiting deposit on (new confirmations, new block, DROPPED, CREDITED); undefined if it no longer waits. */
export async function updatePendingDeposit(
  db: DbOrTx,
  id: string,
  set: Partial<
    Pick<
      ChainDepositRow,
      'confirmations' | 'status' | 'blockNumber' | 'blockHash' | 'logIndex' | 'creditedAt'
    >
  >,
): Promise<ChainDepositRow | undefined> {
  const [row] = await db
    .update(chainDeposits)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(chainDeposits.id, id), eq(chainDeposits.status, 'PENDING')))
    .returning();
  return row;
}

export async function setDepositEntry(db: DbOrTx, id: string, entryId: bigint): Promise<void> {
  await db.update(chainDeposits).set({ entryId }).where(eq(chainDeposits.id, id));
}

/**
 * A customer's deposits, a page at a time, on chain_deposits_user_idx. The search matches the coin or
 * the status exactly ('below minimum' is BELOW_MINIMUM) or any part of the transaction hash.
 */
export async function listUserChainDeposits(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined; orderBy: 'asc' | 'desc' },
) {
  const term = query.search;
  const where = and(
    eq(chainDeposits.userId, userId),
    term
      ? or(
          eq(chainDeposits.asset, term.toUpperCase()),
          eq(chainDeposits.status, term.toUpperCase().replace(/\s+/g, '_') as ChainDepositStatusValue),
          sql`${chainDeposits.txHash} ILIKE ${containsPattern(term)}`,
        )
      : undefined,
  );
  const order = query.orderBy === 'asc' ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(chainDeposits)
      .where(where)
      .orderBy(order(chainDeposits.createdAt), order(chainDeposits.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(chainDeposits).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}
