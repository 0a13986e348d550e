import type { IdentityCandidate, IdentityKeys } from '@exchange/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { type KycIdentityMatchRow, kycRecords, uploads, users } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';

/** The stored SHA-256 of each of these KYC uploads that has one (uploads made before hashing have none). */
export async function uploadHashes(
  db: DbOrTx,
  userId: string,
  filenames: readonly string[],
): Promise<string[]> {
  if (filenames.length === 0) return [];
  const rows = await db
    .select({ hash: uploads.contentSha256 })
    .from(uploads)
    .where(
      and(eq(uploads.userId, userId), eq(uploads.kind, 'KYC_DOC'), inArray(uploads.filename, [...filenames])),
    );
  return rows.flatMap((row) => (row.hash ? [row.hash] : []));
}

/**
 * Serialises the submissions that share an identity key: each key's transaction-scoped advisory lock,
 * taken in sorted order (no deadlock between two submissions sharing two keys), so the second of two
 * racing submissions of one identity sees the first and is flagged.
 */
export async function lockIdentityKeys(tx: Tx, keys: IdentityKeys): Promise<void> {
  const all = [
    ...keys.documentKeys.map((key) => `doc:${key}`),
    ...(keys.nameDobKey ? [`name:${keys.nameDobKey}`] : []),
    ...keys.imageHashes.map((hash) => `img:${hash}`),
  ].sort();
  for (const key of all)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`kyc-identity:${key}`}))`);
}

/**
 * Other accounts' PENDING and APPROVED submissions sharing any key, each once. One lookup per kind of
 * key, each answered by its own partial index (GIN on the two arrays, b-tree on the name key), never
 * a scan. No LIMIT: PostgreSQL guesses an array overlap matches 0.5% of the rows, and under a limit
 * that guess makes reading the table until enough rows turn up look cheaper than the index.
 */
export async function findIdentityCandidates(
  db: DbOrTx,
  userId: string,
  keys: IdentityKeys,
): Promise<IdentityCandidate[]> {
  const rows = (await identityCandidatesQuery(db, userId, keys)) ?? [];
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.kycId) && seen.add(row.kycId));
}

/** The lookup's query (null when the submission has no key at all), kept apart so a test can EXPLAIN it. */
export function identityCandidatesQuery(db: DbOrTx, userId: string, keys: IdentityKeys) {
  const byKey: SQL[] = [];
  if (keys.documentKeys.length > 0)
    byKey.push(sql`${kycRecords.documentKeys} && ${textArray(keys.documentKeys)}`);
  if (keys.nameDobKey) byKey.push(eq(kycRecords.nameDobKey, keys.nameDobKey));
  if (keys.imageHashes.length > 0)
    byKey.push(sql`${kycRecords.imageHashes} && ${textArray(keys.imageHashes)}`);
  const lookups = byKey.map((condition) =>
    db
      .select({
        kycId: kycRecords.id,
        userId: kycRecords.userId,
        documentKeys: kycRecords.documentKeys,
        nameDobKey: kycRecords.nameDobKey,
        imageHashes: kycRecords.imageHashes,
      })
      .from(kycRecords)
      .where(
        and(
          sql`${kycRecords.status} in ('PENDING', 'APPROVED')`,
          sql`${kycRecords.userId} <> ${userId}`,
          condition,
        ),
      ),
  );
  const [first, second, ...rest] = lookups;
  if (!first) return null;
  return second ? unionAll(first, second, ...rest) : first;
}

function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** A matched submission as the reviewer sees it: the other account and that submission's status now. */
export interface IdentityMatchView {
  readonly match: KycIdentityMatchRow;
  readonly user: { id: string; name: string; email: string } | null;
  readonly status: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
}

/** The accounts and current statuses behind a submission's stored matches, in the stored order. */
export async function loadIdentityMatches(
  db: DbOrTx,
  matches: readonly KycIdentityMatchRow[],
): Promise<IdentityMatchView[]> {
  if (matches.length === 0) return [];
  const rows = await db
    .select({
      kycId: kycRecords.id,
      status: kycRecords.status,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(kycRecords)
    .innerJoin(users, eq(users.id, kycRecords.userId))
    .where(
      inArray(
        kycRecords.id,
        matches.map((m) => m.kyc_id),
      ),
    );
  const byKyc = new Map(rows.map((row) => [row.kycId, row]));
  return matches.map((match) => {
    const row = byKyc.get(match.kyc_id);
    return { match, user: row?.user ?? null, status: row?.status ?? null };
  });
}
