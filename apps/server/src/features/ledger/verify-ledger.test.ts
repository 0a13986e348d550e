import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fromHousePostings, holdPostings } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_HOLD_SOURCES } from '../../hold-sources';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import type { HoldSource } from './hold-sources';
import { postEntry } from './post-entries';
import { verifyLedger } from './verify-ledger';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../../..');

/** Runs `npm run ledger:verify`'s script with the given environment; never throws on a non-zero exit. */
async function ledgerVerifyScript(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/scripts/ledger-verify.ts', ...(env.ARGS ? [env.ARGS] : [])],
      {
        cwd: serverDir,
        env: { ...process.env, LOG_LEVEL: 'silent', ...env },
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the ledger check', () => {
  it('passes on an empty ledger and on a consistent one', async () => {
    expect((await verifyLedger(t.ctx.db, { holdSources: PRODUCT_HOLD_SOURCES })).breaches).toEqual([]);
    const user = await createTestUser(t);
    await postEntry(t.ctx.db, {
      kind: 'SEED',
      reference: `v:seed:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'BTC', 1_000n),
    });
    const check = await verifyLedger(t.ctx.db, { holdSources: PRODUCT_HOLD_SOURCES });
    expect(check).toMatchObject({ consistent: true, entries: 1, postings: 2, accounts: 2, breaches: [] });
  });

  it('requires LOCKED funds to be explained by a hold source', async () => {
    const user = await createTestUser(t);
    await postEntry(t.ctx.db, {
      kind: 'SEED',
      reference: `v:lock:seed:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'ETH', 500n),
    });
    await postEntry(t.ctx.db, {
      kind: 'HOLD',
      reference: `v:lock:${user.id}`,
      userId: user.id,
      postings: holdPostings(user.id, 'ETH', 200n),
    });

    const unexplained = await verifyLedger(t.ctx.db, { holdSources: PRODUCT_HOLD_SOURCES });
    expect(unexplained.breaches).toEqual([
      { code: 'locked_mismatch', userId: user.id, asset: 'ETH', locked: 200n, expected: 0n },
    ]);

    const orders: HoldSource = {
      name: 'test-orders',
      expectedLocked: async () => [{ userId: user.id, asset: 'ETH', amount: 200n }],
    };
    expect((await verifyLedger(t.ctx.db, { holdSources: [orders] })).breaches).toEqual([]);
    const short: HoldSource = {
      name: 'test-orders',
      expectedLocked: async () => [{ userId: user.id, asset: 'ETH', amount: 150n }],
    };
    expect((await verifyLedger(t.ctx.db, { holdSources: [short] })).consistent).toBe(false);
  });
});

describe('the ledger check on a journal written behind its back', () => {
  it('reports a one-sided entry: thin, unbalanced, cache drift, asset not summing to zero', async () => {
    const fresh = await createTestDatabase();
    try {
      const user = await createTestUser({ ctx: { ...t.ctx, db: fresh.db } });
      await postEntry(fresh.db, {
        kind: 'SEED',
        reference: `o:${user.id}`,
        userId: user.id,
        postings: fromHousePostings(user.id, 'DOT', 50n),
      });
      await fresh.db.execute(sql`
        WITH e AS (INSERT INTO journal_entries (kind, reference) VALUES ('FORGED', 'forged') RETURNING id)
        INSERT INTO postings (entry_id, account_id, asset, amount)
        SELECT e.id, a.id, 'DOT', 10 FROM e, ledger_accounts a WHERE a.user_id = ${user.id}::uuid`);
      const codes = (await verifyLedger(fresh.db, { holdSources: PRODUCT_HOLD_SOURCES })).breaches
        .map((b) => b.code)
        .sort();
      expect(codes).toEqual([
        'asset_not_balanced',
        'cached_balance_mismatch',
        'thin_entry',
        'unbalanced_entry',
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /admin/ledger/verify', () => {
  it('is for admins only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/ledger/verify' });
    expect(anonymous.statusCode).toBe(401);
    const user = await createTestUser(t, { kyc: true });
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/ledger/verify',
      headers: user.headers,
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ status: false, code: 'forbidden' });
  });

  it('reports the check to an admin', async () => {
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/ledger/verify',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    // The LOCKED funds of the scenario above have no hold source in the app: one breach.
    expect(res.json()).toMatchObject({
      status: true,
      data: {
        consistent: false,
        breach_count: 1,
        hold_sources: ['open-orders', 'stakes', 'withdrawals'],
        breaches: [{ code: 'locked_mismatch', asset: 'ETH', locked: '200' }],
      },
    });
  });
});

describe('npm run ledger:verify', () => {
  it('refuses clearly when there is no database to check', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledger-verify-empty-'));
    try {
      const result = await ledgerVerifyScript({ DATA_DIR: dir, DATABASE_URL: '' });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/no database in .*pg: start the server once/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 0 on a consistent ledger and 1 with the breaches on a broken one', async () => {
    const fresh = await createTestDatabase();
    try {
      const user = await createTestUser({ ctx: { ...t.ctx, db: fresh.db } });
      await postEntry(fresh.db, {
        kind: 'SEED',
        reference: `s:${user.id}`,
        userId: user.id,
        postings: fromHousePostings(user.id, 'XRP', 7n),
      });
      const good = await ledgerVerifyScript({ DATABASE_URL: fresh.url });
      expect(good.code).toBe(0);
      expect(good.stdout).toMatch(/consistent: every invariant holds/);

      // A cached balance edited behind the journal's back.
      await fresh.db.execute(
        sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${user.id}::uuid AND asset = 'XRP'`,
      );
      const bad = await ledgerVerifyScript({ DATABASE_URL: fresh.url, ARGS: '--json' });
      expect(bad.code).toBe(1);
      const report = JSON.parse(bad.stdout);
      expect(report).toMatchObject({
        consistent: false,
        breach_count: 1,
        breaches: [{ code: 'cached_balance_mismatch', cached: '8', posted: '7' }],
      });
    } finally {
      await fresh.close();
    }
  });
});
