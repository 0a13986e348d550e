import { accountName, fromHousePostings, holdPostings, userAccount } from '@exchange/domain';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, postings, walletTransactions } from '../../db/schema';
import { isTransientDbError } from '../../platform/db';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { loadBalances } from '../ledger/ledger.repository';
import { postEntry } from '../ledger/post-entries';
import { BatchDebitRefused, MarketMovedMeanwhile } from './batch-statement';
import { BatchWrites } from './batch-writes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function counts() {
  const [entries] = await t.ctx.db.select({ n: count() }).from(journalEntries);
  const [lines] = await t.ctx.db.select({ n: count() }).from(postings);
  const [history] = await t.ctx.db.select({ n: count() }).from(walletTransactions);
  return { entries: entries!.n, postings: lines!.n, history: history!.n };
}

describe("a batch's writes, in one round trip", () => {
  it('writes every entry with one balance update per account, the history rows, and notifies each user once', async () => {
    const [a, b] = [await createTestUser(t), await createTestUser(t)];
    const tag = `test:batch:${a.id}`;
    const heard: string[] = [];
    const listener = await t.database.pool.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('LISTEN balance_event');
    try {
      await t.ctx.db.transaction(async (tx) => {
        const writes = new BatchWrites(tx);
        // Funding first, so the batch's projection covers the hold that follows.
        for (const draft of [
          {
            kind: 'SEED',
            reference: `${tag}:1`,
            userId: a.id,
            postings: fromHousePostings(a.id, 'USDT', 500n),
          },
          {
            kind: 'SEED',
            reference: `${tag}:2`,
            userId: b.id,
            postings: fromHousePostings(b.id, 'USDT', 700n),
          },
          { kind: 'HOLD', reference: `${tag}:3`, userId: a.id, postings: holdPostings(a.id, 'USDT', 200n) },
        ])
          expect(await writes.post(draft)).toBe(true);
        writes.addWalletTransaction({
          reference: `${tag}:history`,
          userId: b.id,
          event: { kind: 'deposit', asset: 'USDT', amount: 700n },
          status: 'SUCCESS',
          entryReference: `${tag}:2`,
        });
        await writes.flush({ claims: [] });
      });
      const accounts = [
        userAccount(a.id, 'USDT'),
        userAccount(a.id, 'USDT', 'LOCKED'),
        userAccount(b.id, 'USDT'),
      ];
      const balances = await loadBalances(t.ctx.db, accounts);
      expect(accounts.map((key) => balances.get(accountName(key)))).toEqual([300n, 200n, 700n]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.map((payload) => JSON.parse(payload))).toEqual([[a.id, b.id].sort()]);
    } finally {
      await listener.query('UNLISTEN balance_event');
      listener.release();
    }
    await expectLedgerConsistent(t.ctx.db, {
      holdSources: [
        { name: 'test', expectedLocked: async () => [{ userId: a.id, asset: 'USDT', amount: 200n }] },
      ],
    });
  });

  it('sends its notifications in order, each whole (quotes, backslashes, non-ASCII), and refuses an empty one or one with a record separator', async () => {
    const channel = 'test_batch_notes';
    const payloads = [
      JSON.stringify({ m: 'BTC-USDT', n: 0, u: [['u1', { note: 'a "quoted" \\ back\\slash' }]] }),
      JSON.stringify({ m: 'BTC-USDT', n: 1, u: [['ü-é', { note: '{"nested":"json"}' }]] }),
      'x'.repeat(7_000),
    ];
    const heard: string[] = [];
    const listener = await t.database.pool.connect();
    listener.on('notification', (message) => {
      if (message.channel === channel) heard.push(message.payload ?? '');
    });
    await listener.query(`LISTEN ${channel}`);
    try {
      const writes = new BatchWrites(t.ctx.db);
      expect(() => writes.notify(channel, ['one\u001etwo'])).toThrow(/record separator/);
      expect(() => writes.notify(channel, [''])).toThrow(/not empty/);
      writes.notify(channel, payloads);
      await writes.flush({ claims: [] });
      for (let i = 0; i < 100 && heard.length < payloads.length; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toEqual(payloads);
    } finally {
      await listener.query(`UNLISTEN ${channel}`);
      listener.release();
    }
  });

  it('refuses the whole batch before writing anything when a balance was spent elsewhere meanwhile', async () => {
    const user = await createTestUser(t);
    const tag = `test:batch-refused:${user.id}`;
    await postEntry(t.ctx.db, {
      kind: 'SEED',
      reference: `${tag}:seed`,
      userId: user.id,
      postings: fromHousePostings(user.id, 'USDT', 100n),
    });
    const before = await counts();
    const attempt = t.ctx.db.transaction(async (tx) => {
      const writes = new BatchWrites(tx);
      // The batch projects the stored 100 and allows a hold of 100 ...
      const hold = {
        kind: 'HOLD',
        reference: `${tag}:hold`,
        userId: user.id,
        postings: holdPostings(user.id, 'USDT', 100n),
      };
      expect(await writes.post(hold)).toBe(true);
      // ... another writer spends 50 of it before the batch writes ...
      const spent = await postEntry(t.ctx.db, {
        kind: 'SPEND',
        reference: `${tag}:spend`,
        userId: user.id,
        postings: holdPostings(user.id, 'USDT', 50n),
      });
      expect(spent.ok).toBe(true);
      // ... so at the moment of truth, with the account locked, the hold is not covered.
      await writes.flush({ claims: [] });
    });
    await expect(attempt).rejects.toBeInstanceOf(BatchDebitRefused);
    // Only the other writer's entry (one entry, two postings) was written.
    const after = await counts();
    expect(after).toEqual({ ...before, entries: before.entries + 1, postings: before.postings + 2 });
  });

  it('fails a batch whose entry reference was already posted', async () => {
    const user = await createTestUser(t);
    const reference = `test:batch-duplicate:${user.id}`;
    const draft = {
      kind: 'SEED',
      reference,
      userId: user.id,
      postings: fromHousePostings(user.id, 'USDT', 5n),
    };
    const write = () =>
      t.ctx.db.transaction(async (tx) => {
        const writes = new BatchWrites(tx);
        expect(await writes.post(draft)).toBe(true);
        await writes.flush({ claims: [] });
      });
    await write();
    await expect(write()).rejects.toThrow();
    const balances = await loadBalances(t.ctx.db, [userAccount(user.id, 'USDT')]);
    expect([...balances.values()]).toEqual([5n]);
  });

  it('writes nothing when the market moved since the batch read it, or a request lost its claim', async () => {
    const user = await createTestUser(t);
    const tag = `test:batch-checks:${user.id}`;
    const stage = async (suffix: string) => {
      const writes = new BatchWrites(t.ctx.db);
      const draft = {
        kind: 'SEED',
        reference: `${tag}:${suffix}`,
        userId: user.id,
        postings: fromHousePostings(user.id, 'USDT', 5n),
      };
      expect(await writes.post(draft)).toBe(true);
      return writes;
    };
    const before = await counts();
    const [row] = (
      await t.ctx.db.execute<{ last_seq: string }>(
        sql`SELECT coalesce(max(last_seq), 0)::text AS last_seq FROM market_sequences WHERE market_id = 'DOT-USDT'`,
      )
    ).rows;
    const stored = BigInt(row!.last_seq);
    const moved = await stage('moved');
    await expect(
      moved.flush({ markets: [{ id: 'DOT-USDT', expectedSeq: stored + 7n, seq: stored + 8n }], claims: [] }),
    ).rejects.toBeInstanceOf(MarketMovedMeanwhile);
    // Once its reruns are spent it reaches the edge as a busy database (503), not a 500.
    expect(isTransientDbError(new MarketMovedMeanwhile())).toBe(true);
    const lost = await stage('lost');
    await expect(
      lost.flush({
        claims: [{ userId: user.id, key: 'gone', token: '00000000-0000-0000-0000-000000000000' }],
      }),
    ).rejects.toMatchObject({ code: 'idempotency_in_progress' });
    expect(await counts()).toEqual(before);
  });
});
