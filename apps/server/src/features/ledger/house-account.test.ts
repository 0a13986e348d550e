import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromHousePostings, HOUSE_USER_EMAIL, userAccount } from '@exchange/domain';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { users } from '../../db/schema';
import { connect, migrateDatabase, migrationsFolder } from '../../platform/db';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { transferFunds } from '../../test/transfer-funds';
import { houseInventory } from './ledger.repository';
import { postEntry } from './post-entries';

/**
 * The house liquidity account is a user of kind SYSTEM, made by a migration: the house's position
 * counts its balances, found by kind (not by e-mail), and a database that already holds the lazily
 * created house keeps that very row, marked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("the house's position", () => {
  it("counts the SYSTEM account's balances, whatever its e-mail", async () => {
    await t.ctx.db.update(users).set({ email: 'renamed@system.invalid' }).where(eq(users.kind, 'SYSTEM'));
    const house = await t.trading.liquidity.houseUserId();
    const customer = await createTestUser(t);
    const before = await houseInventory(t.ctx.db, 'BTC');
    await postEntry(t.ctx.db, {
      kind: 'SEED',
      reference: `test:house-kind:${customer.id}`,
      userId: customer.id,
      postings: fromHousePostings(customer.id, 'BTC', 700n),
    });
    expect(await houseInventory(t.ctx.db, 'BTC')).toBe(before - 700n);
    // The customer pays 300 back to the liquidity account: the house holds it again.
    const paid = await transferFunds(t.ctx.db, {
      from: userAccount(customer.id, 'BTC'),
      to: userAccount(house, 'BTC'),
      amount: 300n,
      kind: 'TEST_TRANSFER',
      reference: `test:house-kind-back:${customer.id}`,
      userId: customer.id,
    });
    expect(paid.ok).toBe(true);
    expect(await houseInventory(t.ctx.db, 'BTC')).toBe(before - 400n);
    await expectLedgerConsistent(t.ctx.db);
  });
});

/** An empty database on the test server, and a way to drop it. */
async function emptyDatabase() {
  const name = `m_${Math.random().toString(16).slice(2, 10)}`;
  const onDatabase = (database: string) => {
    const url = new URL(inject('pgTemplateUrl'));
    url.pathname = `/${database}`;
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: onDatabase('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const database = connect(onDatabase(name), { max: 1 });
  return {
    ...database,
    async drop() {
      await database.close();
      const again = new pg.Client({ connectionString: onDatabase('postgres') });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}"`);
      await again.end();
    },
  };
}

/** A copy of the migrations folder whose journal stops before the migration tagged `*_${name}`. */
function migrationsBefore(name: string): { folder: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// Each test migrates an empty database through every migration: seconds on an idle machine, far more
// on a loaded one, and never a measure of anything.
describe('the house_system_account migration', { timeout: 180_000 }, () => {
  it('marks the house a database already made lazily, keeping its id, and signs it out', async () => {
    const database = await emptyDatabase();
    const before = migrationsBefore('house_system_account');
    try {
      await migrate(database.db, { migrationsFolder: before.folder });
      // The house as the lazy start-up code inserted it, holding funds and, say, a sign-in.
      const inserted = await database.db.execute<{ id: string }>(sql`
        INSERT INTO users (name, email, country_code, mobile_no, password_hash, role, status,
                           is_kyc_verified, ref_code)
        VALUES ('House liquidity', ${HOUSE_USER_EMAIL}, '1', '0000000', 'disabled', 'USER', 'DISABLED',
                true, 'HOUSELIQUIDITY')
        RETURNING id`);
      const houseId = inserted.rows[0]!.id;
      await database.db.execute(sql`
        INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
        VALUES (${houseId}::uuid, gen_random_uuid(), 'hash', now() + interval '1 day')`);
      await database.db.execute(sql`
        INSERT INTO users (name, email, country_code, mobile_no, password_hash, ref_code)
        VALUES ('A customer', 'customer@example.com', '1', '5550100', 'x', 'CUSTOMER01')`);

      await migrateDatabase(database.db);

      const rows = await database.db.execute<{ id: string; email: string; kind: string }>(
        sql`SELECT id, email, kind FROM users ORDER BY email`,
      );
      expect(rows.rows).toEqual([
        { id: expect.any(String), email: 'customer@example.com', kind: 'CUSTOMER' },
        { id: houseId, email: HOUSE_USER_EMAIL, kind: 'SYSTEM' },
      ]);
      const live = await database.db.execute(
        sql`SELECT 1 FROM refresh_tokens WHERE user_id = ${houseId}::uuid AND revoked_at IS NULL`,
      );
      expect(live.rows).toEqual([]);
    } finally {
      before.remove();
      await database.drop();
    }
  });

  it('creates the house on a fresh database, before any trade, and allows no second SYSTEM account', async () => {
    const database = await emptyDatabase();
    try {
      await migrateDatabase(database.db);
      const rows = await database.db.select().from(users);
      expect(rows).toEqual([
        expect.objectContaining({
          email: HOUSE_USER_EMAIL,
          kind: 'SYSTEM',
          status: 'DISABLED',
          passwordHash: 'disabled',
          emailVerifiedAt: null,
        }),
      ]);
      await expect(
        database.db.execute(sql`
          INSERT INTO users (name, email, country_code, mobile_no, password_hash, ref_code, kind)
          VALUES ('Second', 'second@system.invalid', '1', '0000000', 'disabled', 'SECOND', 'SYSTEM')`),
      ).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringMatching(/users_one_system_account/) }),
      });
    } finally {
      await database.drop();
    }
  });
});
