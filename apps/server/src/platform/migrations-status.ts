import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './db';
import { migrationsFolder } from './db';

/** How many migrations this build ships (drizzle's journal), read once. */
let shipped: number | undefined;
function shippedMigrations(): number {
  if (shipped === undefined) {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    shipped = journal.entries.length;
  }
  return shipped;
}

/**
 * Whether the database has at least every migration this build ships. More is fine: during a rolling
 * upgrade the new version migrates first while old processes still serve (migrations are additive).
 */
export async function migrationsApplied(db: Db): Promise<{ applied: number; shipped: number; ok: boolean }> {
  const result = await db.execute<{ count: string }>(
    sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
  );
  const applied = Number(result.rows[0]?.count ?? 0);
  const expected = shippedMigrations();
  return { applied, shipped: expected, ok: applied >= expected };
}
