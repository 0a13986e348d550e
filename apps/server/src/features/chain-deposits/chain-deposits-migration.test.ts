import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { recordSeenDeposits } from './chain-deposits.repository';

// Migration 0049 over deposits written under the old key (chain, tx_hash, log_index): the table is put
// back in its old shape, filled as the old watcher filled it, and the migration's own file is run.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migration = readFileSync(
  new URL('../../../drizzle/0049_chain_deposits_tx_log_key.sql', import.meta.url),
  'utf8',
);
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const block = (n: number) => `0x${(1000 + n).toString(16).padStart(64, '0')}`;

describe('migration 0049: a deposit keyed by its place within its transaction', () => {
  it('computes the place for the rows that exist and keeps one row per transfer', async () => {
    const db = t.ctx.db;
    const user = await createTestUser(t);
    await db.execute(sql`DROP INDEX chain_deposits_tx_log_key`);
    await db.execute(sql`ALTER TABLE chain_deposits DROP COLUMN tx_log_index`);
    await db.execute(
      sql`CREATE UNIQUE INDEX chain_deposits_tx_key ON chain_deposits (chain, tx_hash, log_index)`,
    );
    const row = (tx: number, logIndex: number, blockNumber: number, status: string, amountRaw = '5000000') =>
      sql`(${'ethereum'}, ${logIndex < 0 ? 'ETH' : 'USDT'}, ${user.id}::uuid, ${'0x0000000000000000000000000000000000000001'},
           ${hash(tx)}, ${logIndex}, ${amountRaw}, ${amountRaw}, ${blockNumber}, ${block(blockNumber)}, 3, ${status})`;
    await db.execute(sql`
      INSERT INTO chain_deposits (chain, asset, user_id, address, tx_hash, log_index, amount_raw, amount,
                                  block_number, block_hash, required_confirmations, status)
      VALUES ${sql.join(
        [
          row(1, 7, 10, 'CREDITED'), // a plain transfer(): one log, at 7 in its block
          row(2, 4, 11, 'CREDITED'), // one transaction paying two deposits, at 4 and 6
          row(2, 6, 11, 'BELOW_MINIMUM', '1'),
          row(3, -1, 12, 'PENDING'), // a native transfer
          row(4, 0, 13, 'DROPPED'), // the hole: one transfer seen in two blocks, never credited
          row(4, 3, 14, 'PENDING'),
          row(5, 1, 13, 'CREDITED'), // seen twice, the first credited
          row(5, 5, 14, 'PENDING'),
          row(6, 0, 13, 'CREDITED'), // seen twice and credited twice (the double credit)
          row(6, 2, 14, 'CREDITED'),
        ],
        sql`, `,
      )}`);

    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const rows = await db.execute<{
      tx: string;
      log_index: number;
      tx_log_index: number;
      status: string;
    }>(sql`
      SELECT right(tx_hash, 1) AS tx, log_index, tx_log_index, status FROM chain_deposits
       WHERE user_id = ${user.id}::uuid ORDER BY tx_hash, tx_log_index DESC`);
    expect(rows.rows.map((r) => [Number(r.tx), r.log_index, r.tx_log_index, r.status])).toEqual([
      [1, 7, 0, 'CREDITED'],
      [2, 6, 2, 'BELOW_MINIMUM'],
      [2, 4, 0, 'CREDITED'],
      [3, -1, -1, 'PENDING'],
      [4, 3, 0, 'PENDING'], // the newest sighting kept; the watcher moves it wherever the chain has it
      [5, 1, 0, 'CREDITED'], // the credited one kept, its uncredited twin gone
      [6, 2, 0, 'CREDITED'],
      [6, 0, -3, 'CREDITED'], // the second credit kept with its entry, set apart for the operator
    ]);
    // One row per (chain, tx, place in the tx) from now on.
    await expect(
      db.execute(sql`
        INSERT INTO chain_deposits (chain, asset, user_id, address, tx_hash, log_index, tx_log_index, amount_raw,
                                    amount, block_number, block_hash, required_confirmations, status)
        VALUES ('ethereum', 'USDT', ${user.id}::uuid, '0x01', ${hash(1)}, 9, 0, 1, 1, 20, ${block(20)}, 3, 'PENDING')`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/chain_deposits_tx_log_key/) }),
    });

    // A row whose transaction had other logs before its deposit carries a smaller place than the
    // receipt gives (here 0 where the watcher now reads 3); seen again at its own block and block log
    // index it is still that row, never a second one.
    const seen = await recordSeenDeposits(db, [
      {
        chain: 'ethereum',
        asset: 'USDT',
        userId: user.id,
        address: '0x0000000000000000000000000000000000000001',
        txHash: hash(1),
        logIndex: 7,
        txLogIndex: 3,
        amountRaw: '5000000',
        amount: '5000000',
        blockNumber: 10n,
        blockHash: block(10),
        confirmations: 0,
        requiredConfirmations: 3,
        status: 'PENDING',
      },
    ]);
    expect(seen).toEqual([]);
    const ofTx1 = await db.execute(sql`SELECT 1 FROM chain_deposits WHERE tx_hash = ${hash(1)}`);
    expect(ofTx1.rows).toHaveLength(1);
  });
});
