/**
 * Rows of history made straight in the database, for the tests and the benchmarks that need a user
 * with a long past (the history pages' index test, the HTTP bench's history loads).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db';

/**
 * Gives a user `rows` past orders (cancelled, so they hold nothing) and `rows` wallet transactions,
 * one a minute back in time, so the history screens have a realistic amount to page through.
 */
export async function addHistory(database: Database, userId: string, rows: number): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO orders (id, market_id, user_id, side, price_ticks, quantity_lots, cancelled_lots,
                        lock_asset, locked_remaining, status, seq, created_at, updated_at)
    SELECT gen_random_uuid(), 'XRP-USDT', ${userId}::uuid, 'buy', 10000, 100, 100, 'USDT', 0,
           'cancelled', 0, now() - make_interval(mins => g), now() - make_interval(mins => g)
    FROM generate_series(1, ${rows}) AS g`);
  await database.db.execute(sql`
    INSERT INTO wallet_transactions (user_id, operation_type, operation, to_asset, to_amount, status,
                                     created_at, updated_at)
    SELECT ${userId}::uuid, 'FIAT', 'DEPOSIT', 'USD', 1000, 'SUCCESS',
           now() - make_interval(mins => g), now() - make_interval(mins => g)
    FROM generate_series(1, ${rows}) AS g`);
  // What autovacuum does after a bulk change, done now rather than whenever it wakes: statistics, so
  // the planner knows this user has thousands of rows (and walks the history index rather than
  // sorting them all), and the visibility map, so counts read the index alone.
  await database.db.execute(sql`VACUUM ANALYZE orders`);
  await database.db.execute(sql`VACUUM ANALYZE wallet_transactions`);
}
