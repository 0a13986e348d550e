import { and, asc, eq, sql } from 'drizzle-orm';
import { supportTicketReplies, supportTickets, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/** A ticket with its author's name, locked when `lock`; undefined when there is none (or not the user's). */
export async function findTicket(db: DbOrTx, ticketId: string, ownerId?: string) {
  const [row] = await db
    .select({ ticket: supportTickets, authorName: users.name })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(and(eq(supportTickets.id, ticketId), ownerId ? eq(supportTickets.userId, ownerId) : undefined))
    .limit(1);
  return row;
}

/** A ticket's replies in the order written (support_ticket_replies_ticket_idx). */
export function listReplies(db: DbOrTx, ticketId: string) {
  return db
    .select({ reply: supportTicketReplies, authorName: users.name })
    .from(supportTicketReplies)
    .innerJoin(users, eq(users.id, supportTicketReplies.authorId))
    .where(eq(supportTicketReplies.ticketId, ticketId))
    .orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id));
}

export async function insertReply(
  db: DbOrTx,
  values: { ticketId: string; authorId: string; fromTeam: boolean; body: string; now: Date },
): Promise<void> {
  await db.insert(supportTicketReplies).values({
    ticketId: values.ticketId,
    authorId: values.authorId,
    fromTeam: values.fromTeam,
    body: values.body,
    createdAt: values.now,
  });
}

/** A customer's reply puts their ticket back in the team's queue (PENDING). */
export async function reopenForTeam(db: DbOrTx, ticketId: string, now: Date): Promise<void> {
  await db
    .update(supportTickets)
    .set({
      status: 'PENDING',
      updatedAt: sql`greatest(${supportTickets.updatedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(supportTickets.id, ticketId));
}
