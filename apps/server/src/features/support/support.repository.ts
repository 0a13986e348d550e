import { type AdminSupportListQuery, sortOrderOf } from '@exchange/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { supportTickets, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import {
  afterCursor,
  type KeysetCursor,
  type ListSort,
  listSort,
  pageOffset,
  sortOrderBy,
  statusIs,
} from '../../platform/list-sort';
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

/** The admin ticket list's search, status filter and sort (issue 46 point 7), for its page and CSV. */
export type TicketListFilters = Omit<AdminSupportListQuery, 'page' | 'limit'>;

const ticketSortColumns = {
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  subject: supportTickets.subject,
  status: supportTickets.status,
};

function ticketListSort(query: TicketListFilters): ListSort {
  return listSort(ticketSortColumns, supportTickets.id, query.sort, sortOrderOf(query));
}

function ticketListWhere(query: TicketListFilters): SQL | undefined {
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
  return and(matching, query.id ? eq(supportTickets.id, query.id) : undefined, status);
}

function selectTickets(db: DbOrTx, where: SQL | undefined, sort: ListSort) {
  return db
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
    .orderBy(...sortOrderBy(sort));
}

export type TicketWithUser = Awaited<ReturnType<typeof selectTickets>>[number];

/**
 * Every ticket with its author, for the back office, newest first unless sorted otherwise; the search
 * matches the ticket and the author.
 */
export async function listAllTickets(db: DbOrTx, query: AdminSupportListQuery) {
  const where = ticketListWhere(query);
  const rows = await selectTickets(db, where, ticketListSort(query))
    .limit(query.limit)
    .offset(pageOffset(query));
  const [total] = await db
    .select({ n: count() })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The `limit` tickets after `after` in the list's filters and sort: a keyset page of its CSV. */
export function ticketsAfter(
  db: DbOrTx,
  query: TicketListFilters,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<TicketWithUser[]> {
  const sort = ticketListSort(query);
  return selectTickets(db, and(ticketListWhere(query), afterCursor(sort, after)), sort).limit(limit);
}

/** Where the next keyset page of the tickets CSV starts. */
export function ticketListCursor(query: TicketListFilters, row: TicketWithUser): KeysetCursor {
  return { value: row.ticket[query.sort], id: row.ticket.id };
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
