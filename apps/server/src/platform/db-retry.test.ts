import { REJECTIONS } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import {
  type Database,
  isDbUnavailableError,
  isTransientDbError,
  TRANSACTION_ATTEMPTS,
  withoutRetry,
} from './db';
import { registerErrorHandler } from './errors';

const conflict = (code: string) => Object.assign(new Error('conflict'), { code });

/** A transaction PostgreSQL aborted for a deadlock or serialization failure is run again, bounded. */
describe('transaction retry', () => {
  let database: Database & { url: string };
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query('CREATE TABLE retry_probe (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)');
    await database.pool.query('INSERT INTO retry_probe (id) VALUES (1), (2)');
  });
  afterAll(async () => database.close());

  it('runs the whole body again after a deadlock or serialization failure, and keeps only the committed try', async () => {
    let tries = 0;
    const result = await database.db.transaction(async (tx) => {
      tries += 1;
      await tx.execute(sql`UPDATE retry_probe SET n = n + 1 WHERE id = 1`);
      if (tries === 1) throw conflict('40P01');
      if (tries === 2) throw conflict('40001');
      return 'done';
    });
    expect(result).toBe('done');
    expect(tries).toBe(3);
    const rows = await database.pool.query('SELECT n FROM retry_probe WHERE id = 1');
    expect(rows.rows[0].n).toBe(1);
  });

  it('gives up after a bounded number of tries, and the error still reads as transient (503)', async () => {
    let tries = 0;
    const error = await database.db
      .transaction(async () => {
        tries += 1;
        throw conflict('40001');
      })
      .catch((e: unknown) => e);
    expect(tries).toBe(TRANSACTION_ATTEMPTS);
    expect(isTransientDbError(error)).toBe(true);
  });

  it('does not retry lock or statement timeouts, nor any other error', async () => {
    for (const code of ['55P03', '57014', '23505']) {
      let tries = 0;
      await database.db
        .transaction(async () => {
          tries += 1;
          throw conflict(code);
        })
        .catch(() => {});
      expect(tries, code).toBe(1);
    }
  });

  it('runs once through withoutRetry (work that changed memory a rollback does not restore)', async () => {
    let tries = 0;
    await withoutRetry(database.db)
      .transaction(async () => {
        tries += 1;
        throw conflict('40P01');
      })
      .catch(() => {});
    expect(tries).toBe(1);
  });

  it('a real deadlock between two transactions ends with both committed', async () => {
    // Each side locks one row, waits for the other to hold its row, then asks for the other's row.
    let arrived = 0;
    const bothHold = () =>
      new Promise<void>((resolve) => {
        arrived += 1;
        const wait = () => (arrived >= 2 ? resolve() : setTimeout(wait, 5));
        wait();
      });
    const side = (first: number, second: number) => {
      let tries = 0;
      return database.db
        .transaction(async (tx) => {
          tries += 1;
          await tx.execute(sql`UPDATE retry_probe SET n = n + 10 WHERE id = ${first}`);
          if (tries === 1) await bothHold();
          await tx.execute(sql`UPDATE retry_probe SET n = n + 10 WHERE id = ${second}`);
        })
        .then(() => tries);
    };
    const before = await database.pool.query('SELECT sum(n)::int AS s FROM retry_probe');
    const tries = await Promise.all([side(1, 2), side(2, 1)]);
    expect(Math.max(...tries)).toBe(2);
    const after = await database.pool.query('SELECT sum(n)::int AS s FROM retry_probe');
    expect(after.rows[0].s - before.rows[0].s).toBe(40);
  });
});

describe('a connection cut while a transaction holds it', () => {
  it('does not crash the process; the work fails and the pool serves fresh connections', async () => {
    const database = await createTestDatabase();
    try {
      const held = await database.pool.connect();
      const { rows } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // As a PostgreSQL shutdown does: the backend ends while the client sits between two queries.
      await database.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const error = await held.query('SELECT 1').catch((e: unknown) => e);
      expect(isDbUnavailableError(error)).toBe(true);
      held.release();
      expect((await database.pool.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
  });
});

describe('database unavailable at the HTTP edge', () => {
  it('answers a refused or dropped connection with 503 db_unavailable, not a 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/refused', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/shutdown', async () => {
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      });
    });
    app.get('/dropped', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/pool', async () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    // The embedded cluster is reached through its Unix socket, which is gone while it is down.
    app.get('/socket', async () => {
      throw Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.5432'), {
        code: 'ENOENT',
        address: '/tmp/.s.PGSQL.5432',
      });
    });
    app.get('/file', async () => {
      throw Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT' });
    });
    for (const url of ['/refused', '/shutdown', '/dropped', '/pool', '/socket']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({
        status: false,
        message: REJECTIONS.db_unavailable.message,
        code: 'db_unavailable',
      });
    }
    expect(isDbUnavailableError(new Error('x'))).toBe(false);
    // A missing file is not a missing database.
    expect((await app.inject({ method: 'GET', url: '/file' })).statusCode).toBe(500);
    await app.close();
  });
});
