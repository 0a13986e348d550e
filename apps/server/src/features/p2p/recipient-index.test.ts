import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { findRecipientByEmail } from './p2p.repository';

/**
 * The recipient look-up (the userInfo route and every transfer) finds the address in the unique
 * e-mail index. It once compared lower(email), which no index serves: every look-up read the whole
 * users table. E-mails are stored lower-cased, and the users_email_lowercase check keeps them so.
 */
let t: TestApp;
let carol: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  carol = await createTestUser(t, { kyc: true, name: 'Carol Indexed' });
  // Enough customers for a scan to cost what it costs, and statistics that say so.
  await t.ctx.db.execute(sql`
    INSERT INTO users (name, email, country_code, mobile_no, password_hash, ref_code)
    SELECT 'Bulk Customer', 'bulk-' || g || '@example.com', '1', '5550100', 'not-a-usable-hash', 'BULK' || g
      FROM generate_series(1, 20000) AS g`);
  await t.ctx.db.execute(sql`ANALYZE users`);
});
afterAll(async () => t.close());

async function planOf(email: string): Promise<string[]> {
  const statements: { sql: string; params: unknown[] }[] = [];
  const recording = drizzle(t.database.pool, {
    schema,
    logger: { logQuery: (text, params) => statements.push({ sql: text, params }) },
  });
  await findRecipientByEmail(recording, email);
  expect(statements).toHaveLength(1);
  const [statement] = statements;
  const client = await t.database.pool.connect();
  try {
    const texts: string[] = [];
    for (const seqscan of ['on', 'off']) {
      await client.query(`SET enable_seqscan = ${seqscan}`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${statement!.sql}`,
        statement!.params,
      );
      texts.push(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return texts;
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
}

describe('the P2P recipient look-up', () => {
  it('reads the unique e-mail index, never the whole users table', async () => {
    for (const email of [carol.email, carol.email.toUpperCase(), 'nobody@example.com']) {
      for (const plan of await planOf(email)) {
        expect(plan, plan).toMatch(/Index Scan using users_email_key on users/);
        expect(plan, plan).not.toMatch(/Seq Scan/);
      }
    }
  });

  it('still finds the recipient whatever the case typed', async () => {
    expect((await findRecipientByEmail(t.ctx.db, carol.email.toUpperCase()))?.name).toBe('Carol Indexed');
  });

  it('has every stored e-mail lower-cased: the table refuses one that is not', async () => {
    const insert = t.ctx.db.insert(users).values({
      name: 'Mixed Case',
      email: 'Mixed.Case@example.com',
      countryCode: '1',
      mobileNo: '5550100',
      passwordHash: 'not-a-usable-hash',
      refCode: 'MIXEDCASE1',
    });
    await expect(insert).rejects.toMatchObject({ cause: { constraint: 'users_email_lowercase' } });
  });
});
