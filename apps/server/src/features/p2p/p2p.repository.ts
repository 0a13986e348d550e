import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { p2pTransfers, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/**
 * A user as a P2P recipient: found by e-mail, case-insensitively, among customers (a SYSTEM account,
 * the house's, is unknown here). E-mails are stored lower-cased (the sign-up schema lower-cases them,
 * and the users_email_lowercase check holds every row to it), so the lower-cased address is looked up
 * in the unique e-mail index, as sign-in does, instead of scanning users for lower(email).
 */
export async function findRecipientByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      countryCode: users.countryCode,
      mobileNo: users.mobileNo,
      status: users.status,
      isKycVerified: users.isKycVerified,
    })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.kind, 'CUSTOMER')))
    .limit(1);
  return row ?? null;
}

export async function findUserName(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/**
 * The transfers a user sent or received, newest first, a page at a time, with both parties' names and
 * contacts. `search` matches the coin or either party's name or e-mail. The two (party, created_at)
 * indexes serve the two halves of the OR.
 */
export async function listTransfers(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined },
) {
  const filters: SQL[] = [or(eq(p2pTransfers.senderId, userId), eq(p2pTransfers.receiverId, userId))!];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(p2pTransfers.asset, pattern),
        ilike(sender.email, pattern),
        ilike(sender.name, pattern),
        ilike(receiver.email, pattern),
        ilike(receiver.name, pattern),
      )!,
    );
  }
  const where = and(...filters);
  const rows = await db
    .select({
      id: p2pTransfers.id,
      senderId: p2pTransfers.senderId,
      asset: p2pTransfers.asset,
      amount: p2pTransfers.amount,
      status: p2pTransfers.status,
      createdAt: p2pTransfers.createdAt,
      senderEmail: sender.email,
      senderName: sender.name,
      senderMobile: sender.mobileNo,
      receiverEmail: receiver.email,
      receiverName: receiver.name,
      receiverMobile: receiver.mobileNo,
    })
    .from(p2pTransfers)
    .innerJoin(sender, eq(sender.id, p2pTransfers.senderId))
    .innerJoin(receiver, eq(receiver.id, p2pTransfers.receiverId))
    .where(where)
    .orderBy(desc(p2pTransfers.createdAt), desc(p2pTransfers.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(p2pTransfers)
    .innerJoin(sender, eq(sender.id, p2pTransfers.senderId))
    .innerJoin(receiver, eq(receiver.id, p2pTransfers.receiverId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Records a transfer before its ledger entry exists; the entry id is set once posted. */
export async function insertTransfer(
  db: DbOrTx,
  values: { senderId: string; receiverId: string; asset: string; amount: bigint },
): Promise<string> {
  const [row] = await db
    .insert(p2pTransfers)
    .values({ ...values, amount: values.amount.toString(), status: 'SUCCESS' })
    .returning({ id: p2pTransfers.id });
  return row!.id;
}

export async function setTransferEntry(db: DbOrTx, transferId: string, entryId: bigint): Promise<void> {
  await db.update(p2pTransfers).set({ entryId }).where(eq(p2pTransfers.id, transferId));
}
