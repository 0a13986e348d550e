import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import type { Database } from './db';
import { createLogger } from './logger';
import { createPgListener, type PgListener } from './pg-listener';

describe('PostgreSQL LISTEN', () => {
  let database: Database;
  let listener: PgListener;
  const received: string[] = [];
  const waitFor = async (payload: string) => {
    for (let i = 0; i < 100 && !received.includes(payload); i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(received).toContain(payload);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    listener = createPgListener(database.pool, createLogger('silent'), { retryMinMs: 20 });
    listener.on('test_events', (payload) => received.push(payload));
    await listener.start();
  });
  afterAll(async () => {
    await listener.close();
    await database.close();
  });

  it('delivers what any connection NOTIFYs, only once committed', async () => {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_notify('test_events', 'in-transaction')`);
      await new Promise((r) => setTimeout(r, 100));
      expect(received).not.toContain('in-transaction');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await waitFor('in-transaction');
  });

  it('reconnects and listens again after its connection is killed', async () => {
    await database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN test_events' AND pid <> pg_backend_pid()`,
    );
    // Keep notifying until the new connection hears one: notifications sent while it was down are lost.
    for (let i = 0; i < 100 && !received.some((p) => p.startsWith('after-')); i += 1) {
      await database.pool.query(`SELECT pg_notify('test_events', 'after-${i}')`);
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(received.some((p) => p.startsWith('after-'))).toBe(true);
  });

  it('refuses a channel name that is not a plain identifier', () => {
    expect(() => listener.on('bad; DROP TABLE users', () => {})).toThrow();
  });
});
