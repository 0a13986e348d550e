import { type AdminKycListQuery, sortOrderOf } from '@exchange/contracts';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { kycRecords, users } from '../../db/schema';
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
import { containsPattern, phonePattern } from '../../platform/search';
import type { KycRow } from './kyc.repository';

export interface KycUserSummary {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly countryCode: string;
  readonly mobileNo: string;
  readonly profilePic: string | null;
}

export interface KycWithUser {
  readonly kyc: KycRow;
  readonly user: KycUserSummary;
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  countryCode: users.countryCode,
  mobileNo: users.mobileNo,
  profilePic: users.profilePic,
};

/** The KYC list's search, status filter and sort (issue 46 point 7), shared by its page and its CSV. */
export type KycListFilters = Omit<AdminKycListQuery, 'page' | 'limit'>;

const kycSortColumns = { createdAt: kycRecords.createdAt, name: users.name, status: kycRecords.status };

function kycListSort(query: KycListFilters): ListSort {
  return listSort(kycSortColumns, kycRecords.id, query.sort, sortOrderOf(query));
}

function kycListWhere(query: KycListFilters): SQL | undefined {
  const search = query.search ?? '';
  const term = search ? containsPattern(search) : null;
  const matching = term
    ? or(
        ilike(sql`${kycRecords.firstName} || ' ' || ${kycRecords.lastName}`, term),
        ilike(users.name, term),
        ilike(users.email, term),
        ilike(kycRecords.mobileNo, phonePattern(search)),
        ilike(sql`${kycRecords.countryCode} || ${kycRecords.mobileNo}`, phonePattern(search)),
        ilike(users.mobileNo, phonePattern(search)),
      )
    : undefined;
  return and(matching, statusIs(kycRecords.status, query.status));
}

function selectKyc(db: DbOrTx, where: SQL | undefined, sort: ListSort) {
  return db
    .select({ kyc: kycRecords, user: userColumns })
    .from(kycRecords)
    .innerJoin(users, eq(users.id, kycRecords.userId))
    .where(where)
    .orderBy(...sortOrderBy(sort));
}

/**
 * One page of KYC submissions with their users, newest first unless sorted otherwise (submitted, the
 * customer's name or status, either way), in one status when asked, filtered by a term found in the
 * submitted or registered name, the e-mail, or either phone number.
 */
export async function listKycWithUsers(
  db: DbOrTx,
  query: AdminKycListQuery,
): Promise<{ rows: KycWithUser[]; total: number; pendingCount: number }> {
  const filter = kycListWhere(query);
  const rows = await selectKyc(db, filter, kycListSort(query)).limit(query.limit).offset(pageOffset(query));
  const [total] = await db
    .select({ n: count() })
    .from(kycRecords)
    .innerJoin(users, eq(users.id, kycRecords.userId))
    .where(filter);
  const [pending] = await db.select({ n: count() }).from(kycRecords).where(eq(kycRecords.status, 'PENDING'));
  return { rows, total: total?.n ?? 0, pendingCount: pending?.n ?? 0 };
}

/** The `limit` submissions after `after` in the list's filters and sort: a keyset page of its CSV. */
export function kycAfter(
  db: DbOrTx,
  query: KycListFilters,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<KycWithUser[]> {
  const sort = kycListSort(query);
  return selectKyc(db, and(kycListWhere(query), afterCursor(sort, after)), sort).limit(limit);
}

/** Where the next keyset page of the KYC CSV starts. */
export function kycListCursor(query: KycListFilters, row: KycWithUser): KeysetCursor {
  const value = query.sort === 'name' ? row.user.name : row.kyc[query.sort];
  return { value, id: row.kyc.id };
}

export async function findKycWithUser(db: DbOrTx, kycId: string): Promise<KycWithUser | null> {
  const [row] = await db
    .select({ kyc: kycRecords, user: userColumns })
    .from(kycRecords)
    .innerJoin(users, eq(users.id, kycRecords.userId))
    .where(eq(kycRecords.id, kycId))
    .limit(1);
  return row ?? null;
}

/** Locks one user's submission for a decision. */
export async function lockKyc(db: DbOrTx, kycId: string, userId: string): Promise<KycRow | null> {
  const [row] = await db
    .select()
    .from(kycRecords)
    .where(and(eq(kycRecords.id, kycId), eq(kycRecords.userId, userId)))
    .for('update');
  return row ?? null;
}

/**
 * Records the decision only while the submission is still PENDING; null means someone else decided
 * first. The lock taken before makes this the normal path, the guard makes it safe regardless.
 */
export async function decideKyc(
  db: DbOrTx,
  decision: {
    kycId: string;
    status: 'APPROVED' | 'REJECTED';
    reason: string | null;
    adminId: string;
    at: Date;
  },
): Promise<KycRow | null> {
  const [row] = await db
    .update(kycRecords)
    .set({
      status: decision.status,
      reason: decision.reason,
      decidedBy: decision.adminId,
      decidedAt: decision.at,
      updatedAt: decision.at,
    })
    .where(and(eq(kycRecords.id, decision.kycId), eq(kycRecords.status, 'PENDING')))
    .returning();
  return row ?? null;
}

export async function markUserKycVerified(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ isKycVerified: true, updatedAt: at }).where(eq(users.id, userId));
}
