import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { chainDepositAddresses, withdrawalAddresses, withdrawals } from '../../../db/schema';
import type { DbOrTx } from '../../../platform/db';
import { containsPattern } from '../../../platform/search';

export type WithdrawalAddressRow = typeof withdrawalAddresses.$inferSelect;

/** Adds an entry; undefined when the customer already has this address on this chain. */
export async function insertWithdrawalAddress(
  db: DbOrTx,
  row: typeof withdrawalAddresses.$inferInsert,
): Promise<WithdrawalAddressRow | undefined> {
  const [inserted] = await db.insert(withdrawalAddresses).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The customer's book entry for an address on a chain (checksummed, as the book keeps them), if any. */
export async function findWithdrawalAddressByAddress(
  db: DbOrTx,
  userId: string,
  chain: string,
  address: string,
): Promise<WithdrawalAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.userId, userId),
        eq(withdrawalAddresses.chain, chain),
        eq(withdrawalAddresses.address, address),
      ),
    );
  return row;
}

/** One of the customer's entries (another customer's answers undefined, as if it did not exist). */
export async function findWithdrawalAddress(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<WithdrawalAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)));
  return row;
}

/** Removes one of the customer's entries (answers it); withdrawals made to it keep their address and label. */
export async function deleteWithdrawalAddress(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<WithdrawalAddressRow | undefined> {
  const [removed] = await db
    .delete(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
    .returning();
  return removed;
}

/**
 * One page of the customer's book, newest first, of one chain or all, searched by label or address
 * (withdrawal_addresses_user_created_idx narrows to the customer's rows; a book is small).
 */
export async function listWithdrawalAddresses(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined; chain?: string | undefined },
): Promise<{ rows: WithdrawalAddressRow[]; total: number }> {
  const term = query.search ? containsPattern(query.search) : null;
  const filter = and(
    eq(withdrawalAddresses.userId, userId),
    query.chain ? eq(withdrawalAddresses.chain, query.chain) : undefined,
    term ? or(ilike(withdrawalAddresses.label, term), ilike(withdrawalAddresses.address, term)) : undefined,
  );
  const rows = await db
    .select()
    .from(withdrawalAddresses)
    .where(filter)
    .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(withdrawalAddresses).where(filter);
  return { rows, total: total?.n ?? 0 };
}

/** True when the address is a deposit address of the exchange on the chain (anyone's). */
export async function isDepositAddress(db: DbOrTx, chain: string, address: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: chainDepositAddresses.userId })
    .from(chainDepositAddresses)
    .where(and(eq(chainDepositAddresses.chain, chain), eq(chainDepositAddresses.address, address)))
    .limit(1);
  return row !== undefined;
}

/** True when the customer's coins already went to this address on this chain (a completed withdrawal). */
export async function usedAddressBefore(
  db: DbOrTx,
  userId: string,
  chain: string,
  address: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.destination, address),
        eq(withdrawals.chain, chain),
        eq(withdrawals.status, 'COMPLETED'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
