import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { addHistory } from '../../test/history-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { loadUserBalances } from '../ledger/ledger.repository';
import { listSwapTransactions } from '../swap/swap.repository';
import { userOrderPage } from '../trading/trading.repository';
import { listWalletTransactions, walletFiguresOf } from './wallet.repository';

/**
 * A user's history pages are read from an index of the user's own rows in page order, however many
 * newer rows other users have. The page query of a user who was last active long ago once walked the
 * whole time index backwards through everyone else's newer rows (wallet_transactions_user_idx lacked
 * the id the page sorts by, so the planner preferred the index on time alone).
 */
let t: TestApp;
let quiet: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  quiet = await createTestUser(t);
  // The quiet user's 10,000 rows of each kind are from the past (addHistory: a minute apart, then
  // VACUUM ANALYZE); then 32 busy users make 1,000 rows each today, as a burst of trading does.
  await addHistory(t.database, quiet.id, 10_000);
  const busy = await Promise.all(Array.from({ length: 32 }, () => createTestUser(t)));
  for (const user of busy) {
    await t.ctx.db.execute(sql`
      INSERT INTO wallet_transactions (user_id, operation_type, operation, to_asset, to_amount, status, created_at, updated_at)
      SELECT ${user.id}::uuid, 'CRYPTO_TO_CRYPTO', 'LIMIT_BUY', 'XRP', 100, 'SUCCESS', now(), now()
        FROM generate_series(1, 1000)`);
    await t.ctx.db.execute(sql`
      INSERT INTO orders (id, market_id, user_id, side, price_ticks, quantity_lots, cancelled_lots, lock_asset,
                          locked_remaining, status, seq, created_at, updated_at)
      SELECT gen_random_uuid(), 'XRP-USDT', ${user.id}::uuid, 'buy', 10000, 100, 100, 'USDT', 0, 'cancelled', 0,
             now(), now()
        FROM generate_series(1, 1000)`);
  }
  // What autovacuum does after such a burst: the planner knows the quiet user is now a quarter of it.
  await t.ctx.db.execute(sql`ANALYZE wallet_transactions`);
  await t.ctx.db.execute(sql`ANALYZE orders`);
});
afterAll(async () => t.close());

describe("a user's history pages", () => {
  it('read the user’s own rows from an index, in page order', async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = drizzle(t.database.pool, {
      schema,
      logger: { logQuery: (text, params) => statements.push({ sql: text, params }) },
    });
    await listWalletTransactions(recording, quiet.id, 1, 10);
    await listSwapTransactions(recording, quiet.id, { page: 1, limit: 10 });
    await userOrderPage(recording, quiet.id, { page: 1, limit: 10 });
    const pages = statements.filter((s) => / limit /i.test(s.sql));
    expect(pages).toHaveLength(3);
    const client = await t.database.pool.connect();
    try {
      // However the planner weighs random reads against the time index's: with random reads priced
      // dear (on the bench machine the default was enough after a burst of trading), a page that lets
      // the time index give its order walks it back through every other user's newer rows.
      for (const randomPageCost of ['4', '40']) {
        await client.query(`SET random_page_cost = ${randomPageCost}`);
        for (const page of pages) {
          const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.sql}`, page.params);
          const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
          // An index whose leading column is the user, and no sort of the user's rows.
          expect(text, page.sql).toMatch(
            /(wallet_transactions_user_idx|wallet_transactions_user_swaps_idx|orders_user_history_idx)/,
          );
          expect(text, page.sql).not.toMatch(/created_idx/);
          expect(text, page.sql).not.toMatch(/^\s*->\s+Sort\b/m);
        }
      }
    } finally {
      await client.query('RESET random_page_cost');
      client.release();
    }
  });

  it('the wallet transactions page is built once but planned with each user’s values', async () => {
    // Its drizzle query is prepared once (building it cost more CPU than running it), but never as a
    // named statement: a named one gets a generic plan after five runs, and that plan, blind to the
    // user, scans every user's rows and sorts them (found with plan_cache_mode = force_generic_plan).
    const pool = new pg.Pool({ ...t.database.pool.options, max: 1 });
    try {
      const one = drizzle(pool, { schema });
      for (let i = 0; i < 8; i += 1) {
        const { rows, total } = await listWalletTransactions(one, quiet.id, 1 + i, 10);
        expect(rows).toHaveLength(10);
        expect(total).toBe(10_000);
      }
      const named = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM pg_prepared_statements');
      expect(named.rows[0]!.n).toBe('0');
    } finally {
      await pool.end();
    }
  });

  it('the wallet reads a user’s accounts by index, however many accounts there are', async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = drizzle(t.database.pool, {
      schema,
      logger: { logQuery: (text, params) => statements.push({ sql: text, params }) },
    });
    await walletFiguresOf(recording, [quiet.id]);
    await loadUserBalances(recording, quiet.id);
    expect(statements).toHaveLength(2);
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      // Priced out, a sequential scan is still chosen when no index can serve the read.
      await client.query('SET LOCAL enable_seqscan = off');
      for (const statement of statements) {
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${statement.sql}`,
          statement.params,
        );
        const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(text, statement.sql).not.toMatch(/Seq Scan on ledger_accounts/);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
