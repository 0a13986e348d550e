import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { supportTickets, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { statusIs } from '../../platform/list-sort';
import { ownRows, ownRowsNewestFirst } from '../../platform/own-rows';
import { containsPattern, phonePattern } from '../../platform/search';

export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketStatus = TicketRow['status'];

export async function insertTicket(
  db: DbOrTx,
  values: { userId: string; subject: string; description: string; now: Date },
): Promise<TicketRow> {
  const [row] = await db
    .insert(supportTickets)
    .values({
      userId: values.userId,
      subject: values.subject,
      description: values.description,
      status: 'PENDING',
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('ticket insert returned nothing');
  return row;
}

/** One user's tickets, newest first; the search matches subject, description or status. */
export async function listUserTickets(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string },
) {
  const conditions: SQL[] = [ownRows(supportTickets.userId, userId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(supportTickets.subject, pattern),
        ilike(supportTickets.description, pattern),
        ilike(supportTickets.status, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(supportTickets)
    .where(where)
    .orderBy(
      ...ownRowsNewestFirst(supportTickets.userId, desc(supportTickets.createdAt), desc(supportTickets.id)),
    )
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(supportTickets).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every ticket with its author, for the back office; the search matches the ticket and the author. */
export async function listAllTickets(
  db: DbOrTx,
  query: {
    page: number;
    limit: number;
    search?: string;
    orderBy: 'createdAt' | '-createdAt';
    id?: string | undefined;
    status?: TicketStatus | undefined;
  },
) {
  const matching = query.search
    ? or(
        ilike(supportTickets.subject, containsPattern(query.search)),
        ilike(supportTickets.status, containsPattern(query.search)),
        ilike(users.name, containsPattern(query.search)),
        ilike(users.email, containsPattern(query.search)),
        ilike(users.mobileNo, phonePattern(query.search)),
        ilike(sql`${users.countryCode} || ${users.mobileNo}`, phonePattern(query.search)),
      )
    : undefined;
  // The status filter reads statuses as the screens show them: PENDING includes INACTIVE.
  const status =
    query.status === 'PENDING'
      ? inArray(supportTickets.status, ['PENDING', 'INACTIVE'])
      : statusIs(supportTickets.status, query.status);
  const where = and(matching, query.id ? eq(supportTickets.id, query.id) : undefined, status);
  const order =
    query.orderBy === 'createdAt'
      ? [asc(supportTickets.createdAt), asc(supportTickets.id)]
      : [desc(supportTickets.createdAt), desc(supportTickets.id)];
  const rows = await db
    .select({
      ticket: supportTickets,
      user: {
        name: users.name,
        email: users.email,
        countryCode: users.countryCode,
        mobileNo: users.mobileNo,
        profilePic: users.profilePic,
      },
    })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Writes the answer and the new status; undefined when there is no such ticket. */
export async function answerTicket(
  db: DbOrTx,
  values: { ticketId: string; adminId: string; answer: string; status: TicketStatus; now: Date },
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(supportTickets)
    .set({
      answer: values.answer,
      status: values.status,
      answeredBy: values.adminId,
      answeredAt: values.now,
      updatedAt: sql`greatest(${supportTickets.updatedAt}, ${values.now.toISOString()}::timestamptz)`,
    })
    .where(eq(supportTickets.id, values.ticketId))
    .returning();
  return row;
}

export async function findUserContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Sets a ticket's status, locking the row first so the audit line can name the status it replaced;
 * undefined when there is no such ticket.
 */
export async function setTicketStatus(
  db: DbOrTx,
  values: { ticketId: string; status: TicketStatus; now: Date },
): Promise<{ row: TicketRow; previous: TicketStatus } | undefined> {
  const [current] = await db
    .select({ status: supportTickets.status })
    .from(supportTickets)
    .where(eq(supportTickets.id, values.ticketId))
    .for('update');
  if (!current) return undefined;
  const [row] = await db
    .update(supportTickets)
    .set({
      status: values.status,
      updatedAt: sql`greatest(${supportTickets.updatedAt}, ${values.now.toISOString()}::timestamptz)`,
    })
    .where(eq(supportTickets.id, values.ticketId))
    .returning();
  return row ? { row, previous: current.status } : undefined;
}
