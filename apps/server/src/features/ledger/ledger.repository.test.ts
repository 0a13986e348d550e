import {
  accountName,
  depositPostings,
  fromHousePostings,
  holdPostings,
  systemAccount,
  userAccount,
} from '@exchange/domain';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { transferFunds } from '../../test/transfer-funds';
import { ensureAccounts, houseInventory, loadBalances } from './ledger.repository';
import { entryParams, postEntry, prepareEntries } from './post-entries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** drizzle wraps PostgreSQL's error; its own message is the cause's. */
const pgError = (pattern: RegExp) => ({
  cause: expect.objectContaining({ message: expect.stringMatching(pattern) }),
});

async function counts() {
  const [entries] = await t.ctx.db.select({ n: count() }).from(journalEntries);
  const [lines] = await t.ctx.db.select({ n: count() }).from(postings);
  return { entries: entries!.n, postings: lines!.n };
}

describe('posting entries', () => {
  it('credits a deposit and keeps clearing as its negative mirror', async () => {
    const user = await createTestUser(t);
    const result = await postEntry(t.ctx.db, {
      kind: 'DEPOSIT',
      reference: `test:deposit:${user.id}`,
      userId: user.id,
      postings: depositPostings(user.id, 'USD', 12_345n),
    });
    expect(result.ok).toBe(true);
    const balances = await loadBalances(t.ctx.db, [userAccount(user.id, 'USD')]);
    expect(balances.get(accountName(userAccount(user.id, 'USD')))).toBe(12_345n);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('posts a business event at most once: the same reference again changes nothing', async () => {
    const user = await createTestUser(t);
    const draft = {
      kind: 'SEED',
      reference: `test:once:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'BTC', 5n),
    };
    expect((await postEntry(t.ctx.db, draft)).ok).toBe(true);
    const before = await counts();
    expect(await postEntry(t.ctx.db, draft)).toEqual({ ok: false, code: 'duplicate_reference' });
    expect(await counts()).toEqual(before);
    const balances = await loadBalances(t.ctx.db, [userAccount(user.id, 'BTC')]);
    expect([...balances.values()]).toEqual([5n]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('fails a whole batch whose entry repeats a posted reference, and writes none of it', async () => {
    const user = await createTestUser(t);
    const posted = {
      kind: 'SEED',
      reference: `test:batch-once:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'BTC', 5n),
    };
    expect((await postEntry(t.ctx.db, posted)).ok).toBe(true);
    const before = await counts();
    const fresh = { ...posted, reference: `test:batch-fresh:${user.id}` };
    // Batch mode (single = false), as a market batch or the instant desk writes: no 'duplicate' answer.
    await expect(
      t.ctx.db.execute(
        sql`SELECT outcome FROM ledger_post_entries(${entryParams(prepareEntries([fresh, posted]))}, false)`,
      ),
    ).rejects.toMatchObject(pgError(/already posted/));
    expect(await counts()).toEqual(before);
    const balances = await loadBalances(t.ctx.db, [userAccount(user.id, 'BTC')]);
    expect([...balances.values()]).toEqual([5n]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses an overdraft as a value and leaves no trace, even inside a larger transaction', async () => {
    const user = await createTestUser(t);
    await postEntry(t.ctx.db, {
      kind: 'SEED',
      reference: `test:od:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'ETH', 100n),
    });
    const before = await counts();
    const outcome = await t.ctx.db.transaction(async (tx) => {
      const refused = await postEntry(tx, {
        kind: 'HOLD',
        reference: `test:od:hold:${user.id}`,
        userId: user.id,
        postings: holdPostings(user.id, 'ETH', 101n),
      });
      // The caller's transaction is still usable after the refusal.
      const [{ one }] = (await tx.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows as [{ one: number }];
      return { refused, one };
    });
    expect(outcome.refused).toEqual({ ok: false, code: 'insufficient_funds', params: { asset: 'ETH' } });
    expect(outcome.one).toBe(1);
    expect(await counts()).toEqual(before);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('treats an unbalanced entry as a bug, not a rejection', async () => {
    const user = await createTestUser(t);
    const unbalanced = [
      { account: userAccount(user.id, 'USD'), amount: 10n },
      { account: systemAccount('PAYMENT_CLEARING', 'USD'), amount: -9n },
    ];
    await expect(
      postEntry(t.ctx.db, {
        kind: 'X',
        reference: `test:bad:${user.id}`,
        userId: null,
        postings: unbalanced,
      }),
    ).rejects.toThrow(/malformed: unbalanced/);
  });

  it('keeps the journal append-only in the database itself', async () => {
    await expect(t.ctx.db.execute(sql`UPDATE postings SET amount = amount + 1`)).rejects.toMatchObject(
      pgError(/append-only/),
    );
    await expect(t.ctx.db.execute(sql`DELETE FROM journal_entries`)).rejects.toMatchObject(
      pgError(/append-only/),
    );
  });

  it('creates an account once when many ask for it at the same time', async () => {
    const user = await createTestUser(t);
    const key = userAccount(user.id, 'DOT', 'LOCKED');
    const ids = await Promise.all(Array.from({ length: 20 }, () => ensureAccounts(t.ctx.db, [key])));
    expect(new Set(ids.map((m) => m.get(accountName(key)))).size).toBe(1);
    const rows = await t.ctx.db.execute(
      sql`SELECT id FROM ledger_accounts WHERE user_id = ${user.id}::uuid AND asset = 'DOT'`,
    );
    expect(rows.rows).toHaveLength(1);
  });

  it('never lets the database hold a negative user balance', async () => {
    const user = await createTestUser(t);
    await ensureAccounts(t.ctx.db, [userAccount(user.id, 'ADA')]);
    await expect(
      t.ctx.db.execute(
        sql`UPDATE ${ledgerAccounts} SET balance = -1 WHERE user_id = ${user.id}::uuid AND asset = 'ADA'`,
      ),
    ).rejects.toMatchObject(pgError(/ledger_accounts_non_negative/));
  });
});

describe('50 debits racing on one balance', () => {
  it('lets only what the balance covers through: no overdraft, nothing created or lost', async () => {
    const user = await createTestUser(t);
    const usdt = userAccount(user.id, 'USDT');
    const house = systemAccount('HOUSE_INVENTORY', 'USDT');
    const start = 1_000n * 10n ** 8n;
    const each = 30n * 10n ** 8n;
    await postEntry(t.ctx.db, {
      kind: 'SEED',
      reference: `test:race:seed:${user.id}`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'USDT', start),
    });
    // The house's postings spread over its sub-accounts: its position is their sum.
    const houseBefore = await houseInventory(t.ctx.db, 'USDT');

    const began = performance.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        transferFunds(t.ctx.db, {
          from: usdt,
          to: house,
          amount: each,
          kind: 'WITHDRAWAL',
          reference: `test:race:${user.id}:${i}`,
          userId: user.id,
        }),
      ),
    );
    const elapsedMs = performance.now() - began;

    const succeeded = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok);
    expect(succeeded).toBe(33);
    expect(refused.every((r) => !r.ok && r.code === 'insufficient_funds')).toBe(true);
    const after = await loadBalances(t.ctx.db, [usdt]);
    expect(after.get(accountName(usdt))).toBe(start - BigInt(succeeded) * each);
    expect((await houseInventory(t.ctx.db, 'USDT')) - houseBefore).toBe(BigInt(succeeded) * each);
    const [{ n }] = (
      await t.ctx.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM journal_entries WHERE reference LIKE ${`test:race:${user.id}:%`}`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(succeeded);
    await expectLedgerConsistent(t.ctx.db);
    process.stdout.write(
      `[ledger] 50 racing debits: ${succeeded} posted, ${refused.length} refused in ${elapsedMs.toFixed(0)} ms\n`,
    );
  });
});
