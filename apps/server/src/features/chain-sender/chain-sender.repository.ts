import { and, asc, desc, eq, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import { chainTransactions } from '../../db/schema';
import type { ChainTxRequest, SignerKey } from '../../platform/chain/chain-sender-types';
import type { DbOrTx, Tx } from '../../platform/db';

export type ChainTxRow = typeof chainTransactions.$inferSelect;
export type ChainTxStatus = ChainTxRow['status'];

/** The advisory-lock class of an address's nonce (the second key is hashtext(chain:address)). */
const NONCE_LOCK_CLASS = 72_004_037;

export function signerKeyText(key: SignerKey): string {
  return key.kind === 'hot' ? 'hot' : `deposit:${key.index}`;
}

export function signerKeyOf(text: string): SignerKey {
  if (text === 'hot') return { kind: 'hot' };
  const index = Number(text.slice('deposit:'.length));
  if (!text.startsWith('deposit:') || !Number.isInteger(index) || index < 0)
    throw new Error(`unknown signer key ${text}`);
  return { kind: 'deposit', index };
}

/** The outbox row for a request, once per (purpose, reference). */
export async function insertChainTx(
  db: DbOrTx,
  request: ChainTxRequest,
  fromAddress: string,
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await db
    .insert(chainTransactions)
    .values({
      chain: request.chain,
      purpose: request.purpose,
      reference: request.reference,
      fromKey: signerKeyText(request.from),
      fromAddress,
      toAddress: request.to,
      value: request.value.toString(),
      data: request.data ?? null,
    })
    .onConflictDoNothing({ target: [chainTransactions.purpose, chainTransactions.reference] })
    .returning({ id: chainTransactions.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: chainTransactions.id })
    .from(chainTransactions)
    .where(
      and(eq(chainTransactions.purpose, request.purpose), eq(chainTransactions.reference, request.reference)),
    );
  if (!existing) throw new Error(`chain transaction ${request.purpose}:${request.reference} vanished`);
  return { id: existing.id, created: false };
}

/** The chain's rows in the given states, per address in nonce order (unsigned ones last, oldest first). */
export function rowsInStatus(db: DbOrTx, chain: string, statuses: ChainTxStatus[]): Promise<ChainTxRow[]> {
  return db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.chain, chain), inArray(chainTransactions.status, statuses)))
    .orderBy(
      asc(chainTransactions.fromAddress),
      sql`${chainTransactions.nonce} ASC NULLS LAST`,
      asc(chainTransactions.createdAt),
      asc(chainTransactions.id),
    );
}

/** Holds the address's nonce until the transaction ends: one signer at a time per address. */
export async function lockAddressNonce(tx: Tx, chain: string, address: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${NONCE_LOCK_CLASS}, hashtext(${`${chain}:${address}`}))`,
  );
}

/** The row again, locked, when it is still in `status`. */
export async function lockRow(tx: Tx, id: string, status: ChainTxStatus): Promise<ChainTxRow | undefined> {
  const [row] = await tx
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.id, id), eq(chainTransactions.status, status)))
    .for('update');
  return row;
}

/**
 * The highest nonce of the address's transactions still out (SIGNED or BROADCAST), below `below` when
 * given; null when none. Ended ones need not be counted: the chain counts those it mined.
 */
export async function highestOpenNonce(
  db: DbOrTx,
  chain: string,
  address: string,
  below?: number,
): Promise<number | null> {
  const [row] = await db
    .select({ nonce: max(chainTransactions.nonce) })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, chain),
        eq(chainTransactions.fromAddress, address),
        inArray(chainTransactions.status, ['SIGNED', 'BROADCAST']),
        isNotNull(chainTransactions.nonce),
        below === undefined ? undefined : lt(chainTransactions.nonce, below),
      ),
    );
  return row?.nonce ?? null;
}

/** Whether the address has a signed transaction the node has not accepted yet (it goes first). */
export async function hasUnbroadcast(tx: Tx, chain: string, address: string): Promise<boolean> {
  const rows = await tx
    .select({ id: chainTransactions.id })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, chain),
        eq(chainTransactions.fromAddress, address),
        eq(chainTransactions.status, 'SIGNED'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Moves the row on when it is still in `from`; the moved row, or undefined when another run moved it. */
export async function moveRow(
  db: DbOrTx,
  id: string,
  from: ChainTxStatus,
  change: Partial<typeof chainTransactions.$inferInsert>,
): Promise<ChainTxRow | undefined> {
  const [row] = await db
    .update(chainTransactions)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(chainTransactions.id, id), eq(chainTransactions.status, from)))
    .returning();
  return row;
}

/** The addresses of a chain with a stuck transaction (a BROADCAST row a node refused, see markStuck). */
export async function stuckAddresses(db: DbOrTx, chain: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ address: chainTransactions.fromAddress })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chain, chain),
        eq(chainTransactions.status, 'BROADCAST'),
        isNotNull(chainTransactions.stuckSince),
      ),
    );
  return rows.map((row) => row.address);
}

/** The stuck transactions of every chain, longest stuck first (the admin's hot-wallet panel). */
export function stuckRows(db: DbOrTx, limit = 200): Promise<ChainTxRow[]> {
  return db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.status, 'BROADCAST'), isNotNull(chainTransactions.stuckSince)))
    .orderBy(asc(chainTransactions.stuckSince), desc(chainTransactions.id))
    .limit(limit);
}
