import type { Solvency } from '@exchange/contracts';
import { fromHousePostings } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { users } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { post } from '../auth/auth-test-helpers';
import { postEntry } from '../ledger/post-entries';
import { listUsers } from './admin-users.repository';

/**
 * The back office tells the exchange's own SYSTEM account (the house's) from customers by its kind,
 * not by an e-mail: here the house carries an ordinary-looking address, and is still left out.
 */
let t: TestApp;
let admin: TestUser;
let houseId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { role: 'ADMIN' });
  const [house] = await t.ctx.db
    .update(users)
    .set({ email: 'treasury-desk@example.com', name: 'Treasury desk' })
    .where(eq(users.kind, 'SYSTEM'))
    .returning();
  houseId = house!.id;
  for (let i = 0; i < 3; i += 1) await createTestUser(t);
});
afterAll(async () => t.close());

const call = (url: string, payload?: unknown) => post(t, url, payload, admin.headers);

describe('system accounts in the back office', () => {
  it('are left out of the user list, its search and the dashboard count, by kind', async () => {
    const found = (await call('/admin/get-all-users', { search: 'treasury' })).json().data;
    expect(found).toMatchObject({ total: 0, content: [] });
    const all = (await call('/admin/get-all-users', { limit: 100 })).json().data;
    expect(all.content.map((u: { _id: string }) => u._id)).not.toContain(houseId);
    expect(all.total).toBe(4);
    const dashboard = (await call('/admin/admin-dashboard')).json().data;
    expect(dashboard.totalUserCount).toBe(3);
    expect((await call('/admin/get-userDetails', { userId: houseId })).statusCode).toBe(404);
  });

  it("count the SYSTEM account's balances as the house's on the solvency panel, not the customers'", async () => {
    await postEntry(t.ctx.db, {
      kind: 'HOUSE_FUNDING',
      reference: 'test:house-funding:kind',
      userId: houseId,
      postings: fromHousePostings(houseId, 'ETH', 250_000_000n),
    });
    const data: Solvency = (await call('/admin/solvency')).json().data;
    expect(data.assets.find((a) => a.asset === 'ETH')).toMatchObject({
      users_available: '0.00000000',
      house: '0.00000000',
      net: '0.00000000',
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("page customers newest first from the customers' index, without sorting", async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recording = drizzle(t.database.pool, {
      schema,
      logger: { logQuery: (text, params) => statements.push({ sql: text, params }) },
    });
    await listUsers(recording, { page: 1, limit: 10, orderBy: 'desc', sort: 'createdAt' });
    const [page] = statements.filter((s) => / limit /i.test(s.sql));
    const client = await t.database.pool.connect();
    try {
      // A handful of rows would be read by a scan: as on a full table, make the scan and the sort dear.
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_sort = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page!.sql}`, page!.params);
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Scan Backward using users_customers_created_idx/);
      expect(text).not.toMatch(/^\s*->\s+Sort\b/m);
    } finally {
      await client.query('RESET ALL');
      client.release();
    }
  });
});
