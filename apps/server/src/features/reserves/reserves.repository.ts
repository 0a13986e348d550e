import { hashAt, type SumTree, sumsAt, toHex } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';

/** A report's row as stored (reserve_reports, migration 0062). */
export type ReportRow = {
  readonly id: string;
  readonly seq: number;
  readonly created_at: Date;
  readonly trigger: 'SCHEDULE' | 'ADMIN';
  readonly assets: string[];
  readonly totals: string[];
  readonly root_hash: string;
  readonly leaf_count: number;
  readonly lines: unknown;
  readonly address_proofs: unknown;
  readonly usd_statement: string | null;
  readonly salt_key_sealed: string;
  readonly previous_hash: string | null;
  readonly report_hash: string;
};

/** Reports are made one at a time everywhere: each must name the one before it. */
const REPORT_LOCK = 72_004_049;

export async function lockReportChain(
  tx: DbOrTx,
): Promise<{ seq: number; hash: string; usdStatement: string | null } | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${REPORT_LOCK})`);
  const found = await tx.execute<{ seq: number; report_hash: string; usd_statement: string | null }>(sql`
    SELECT seq, report_hash, usd_statement FROM reserve_reports ORDER BY seq DESC LIMIT 1`);
  const row = found.rows[0];
  return row ? { seq: row.seq, hash: row.report_hash, usdStatement: row.usd_statement } : null;
}

export async function insertReport(
  tx: DbOrTx,
  row: ReportRow & { requested_by: string | null },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO reserve_reports (id, seq, created_at, trigger, requested_by, assets, totals, root_hash, leaf_count,
                                 lines, address_proofs, usd_statement, salt_key_sealed, previous_hash, report_hash)
    SELECT ${row.id}, ${row.seq}, ${row.created_at.toISOString()}::timestamptz, ${row.trigger}, ${row.requested_by}::uuid,
           ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(row.assets)}::jsonb)),
           ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(row.totals)}::jsonb)),
           ${row.root_hash}, ${row.leaf_count}, ${JSON.stringify(row.lines)}::jsonb,
           ${JSON.stringify(row.address_proofs)}::jsonb, ${row.usd_statement}, ${row.salt_key_sealed},
           ${row.previous_hash}, ${row.report_hash}`);
}

const BATCH = 5000;

/** Every customer's leaf position and balances, and every node of the tree, in batches. */
export async function insertTree(
  tx: DbOrTx,
  reportId: string,
  tree: SumTree,
  userIds: readonly string[],
  balances: BigInt64Array,
): Promise<void> {
  const k = tree.assetCount;
  for (let start = 0; start < userIds.length; start += BATCH) {
    const rows = userIds.slice(start, start + BATCH).map((userId, j) => ({
      u: userId,
      p: tree.positions[start + j],
      b: Array.from(balances.subarray((start + j) * k, (start + j + 1) * k), String).join(','),
    }));
    await tx.execute(sql`
      INSERT INTO reserve_report_leaves (report_id, user_id, position, balances)
      SELECT ${reportId}, x.u, x.p, string_to_array(x.b, ',')
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(u uuid, p int, b text)`);
  }
  for (const [level, nodes] of tree.levels.entries()) {
    for (let start = 0; start < nodes.count; start += BATCH) {
      const rows = [];
      for (let p = start; p < Math.min(nodes.count, start + BATCH); p++)
        rows.push({ p, h: toHex(hashAt(nodes, p)), s: sumsAt(nodes, p).join(',') });
      await tx.execute(sql`
        INSERT INTO reserve_tree_nodes (report_id, level, position, hash, sums)
        SELECT ${reportId}, ${level}, x.p, x.h, string_to_array(x.s, ',')
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(p int, h text, s text)`);
    }
  }
}

export async function listReports(
  db: Db,
  page: number,
  limit: number,
): Promise<{ rows: ReportRow[]; total: number }> {
  const rows = await db.execute<ReportRow>(sql`
    SELECT * FROM reserve_reports ORDER BY seq DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  const total = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reserve_reports`);
  return { rows: rows.rows.map(normalise), total: total.rows[0]?.n ?? 0 };
}

export async function findReport(db: DbOrTx, id: string): Promise<ReportRow | null> {
  const rows = await db.execute<ReportRow>(sql`SELECT * FROM reserve_reports WHERE id = ${id}`);
  return rows.rows[0] ? normalise(rows.rows[0]) : null;
}

function normalise(row: ReportRow): ReportRow {
  return { ...row, created_at: new Date(row.created_at) };
}

export async function findLeaf(
  db: DbOrTx,
  reportId: string,
  userId: string,
): Promise<{ position: number; balances: string[] } | null> {
  const rows = await db.execute<{ position: number; balances: string[] }>(sql`
    SELECT position, balances FROM reserve_report_leaves WHERE report_id = ${reportId} AND user_id = ${userId}`);
  return rows.rows[0] ?? null;
}

/** The nodes at the given (level, position) places of a report's tree. */
export async function findNodes(
  db: DbOrTx,
  reportId: string,
  places: readonly { level: number; position: number }[],
): Promise<Map<string, { hash: string; sums: string[] }>> {
  const rows = await db.execute<{ level: number; position: number; hash: string; sums: string[] }>(sql`
    SELECT n.level, n.position, n.hash, n.sums FROM reserve_tree_nodes n
      JOIN jsonb_to_recordset(${JSON.stringify(places)}::jsonb) AS x(level int, position int)
        ON n.level = x.level AND n.position = x.position
     WHERE n.report_id = ${reportId}`);
  return new Map(
    rows.rows.map((row) => [`${row.level}:${row.position}`, { hash: row.hash, sums: row.sums }]),
  );
}

export async function latestReportAt(db: Db): Promise<Date | null> {
  const rows = await db.execute<{ at: Date | null }>(sql`SELECT max(created_at) AS at FROM reserve_reports`);
  const at = rows.rows[0]?.at;
  return at ? new Date(at) : null;
}
