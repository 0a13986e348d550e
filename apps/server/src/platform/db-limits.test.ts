import { REJECTIONS } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { connect, type Database, isTransientDbError } from './db';
import { registerErrorHandler } from './errors';

/** Every pooled session carries its limits, and what they cut off answers 503, never 500. */
describe('database limits', () => {
  let base: Database & { url: string };
  let limited: Database;
  beforeAll(async () => {
    base = await createTestDatabase();
    limited = connect(base.url, {
      max: 2,
      limits: {
        statementTimeoutMs: 200,
        lockTimeoutMs: 100,
        idleInTransactionTimeoutMs: 300,
        acquireTimeoutMs: 300,
      },
    });
  });
  afterAll(async () => {
    await limited.close();
    await base.close();
  });

  it('sets every timeout on the session', async () => {
    const rows = await limited.pool.query(
      "SELECT current_setting('statement_timeout') AS s, current_setting('lock_timeout') AS l, current_setting('idle_in_transaction_session_timeout') AS i",
    );
    expect(rows.rows[0]).toEqual({ s: '200ms', l: '100ms', i: '300ms' });
  });

  it('cancels a statement that runs too long, as a transient failure', async () => {
    const error = await limited.db.execute(sql`SELECT pg_sleep(2)`).catch((e: unknown) => e);
    expect(isTransientDbError(error)).toBe(true);
  });

  it('stops waiting for a lock another transaction holds', async () => {
    await base.pool.query('CREATE TABLE lock_probe (id int PRIMARY KEY); INSERT INTO lock_probe VALUES (1)');
    const holder = await base.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM lock_probe WHERE id = 1 FOR UPDATE');
      const error = await limited.db
        .transaction(async (tx) => tx.execute(sql`UPDATE lock_probe SET id = 1 WHERE id = 1`))
        .catch((e: unknown) => e);
      expect(isTransientDbError(error)).toBe(true);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('fails a request waiting for a pooled connection instead of queueing for ever', async () => {
    const a = await limited.pool.connect();
    const b = await limited.pool.connect();
    try {
      await expect(limited.pool.connect()).rejects.toThrow(/timeout/i);
    } finally {
      a.release();
      b.release();
    }
  });
});

describe('transient failures at the HTTP edge', () => {
  it('answers a deadlock or serialization failure with 503 and the envelope, not a 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/deadlock', async () => {
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    app.get('/wrapped', async () => {
      throw Object.assign(new Error('Failed query'), { cause: { code: '40001' } });
    });
    for (const url of ['/deadlock', '/wrapped']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: false, message: REJECTIONS.db_busy.message, code: 'db_busy' });
    }
    expect(isTransientDbError(new Error('x'))).toBe(false);
    await app.close();
  });
});
