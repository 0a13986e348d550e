import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { currentCommitMarker } from './commit-marker';

// NUMERIC comes back as a string (exact); BIGINT (oid 20) too, and we parse it to bigint where needed.
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export function connect(databaseUrl: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 20 });
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  markCommits(db);
  return { db, pool, close: () => pool.end() };
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/**
 * Every top-level transaction ends by running the commit marker in scope, if any (an idempotent
 * request's claim, platform/idempotency.ts), inside the same transaction: the marker commits exactly
 * when the effect does. Nested transactions (savepoints) are left alone; their outer one marks.
 */
function markCommits(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const result = await work(tx);
      const marker = currentCommitMarker();
      if (marker) await marker.mark(tx);
      return result;
    }, config)) as Db['transaction'];
}
