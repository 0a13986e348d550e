import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import type { Database } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { createTestDatabase } from '../../test/test-app';
import { pruneTicks } from '../market-data/market-data.repository';
import { pruneExpiredRows } from './prune-expired';
import { pruneUnattachedUploads } from './prune-unattached-uploads';

/**
 * Every DELETE the pruning jobs send is served by an index: the statements are captured as the job
 * really sends them (so a new pruned table is checked without touching this test) and explained with
 * sequential scans priced out. Without a fitting index PostgreSQL still has to scan the whole table,
 * which holds locks and I/O for as long as the table has grown.
 */
describe('indexes behind the pruning jobs', () => {
  let database: Database & { url: string };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('no pruning DELETE needs a sequential scan', async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = drizzle(database.pool, {
      schema,
      logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
    });
    const now = new Date();
    await pruneExpiredRows({ db: recording }, now);
    await pruneTicks(recording, now);
    const noFiles = { put: async () => {}, get: async () => null, delete: async () => {} };
    await pruneUnattachedUploads({ db: recording, storage: noFiles, logger: createLogger('silent') }, now);
    const deletes = statements.filter((s) => /^\s*delete from/i.test(s.sql));
    expect(deletes.length).toBeGreaterThanOrEqual(10);

    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      for (const statement of deletes) {
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${statement.sql}`,
          statement.params,
        );
        const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(text, statement.sql).not.toMatch(/Seq Scan/);
        expect(text, statement.sql).toMatch(/Index/);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
