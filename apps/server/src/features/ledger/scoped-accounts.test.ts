import {
  accountName,
  chainDepositPostings,
  custodyAccount,
  networkFeeAccount,
  systemAccount,
  transferPostings,
  userAccount,
} from '@exchange/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, ledgerAccounts } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { ensureAccounts, loadBalances } from './ledger.repository';
import { postEntry } from './post-entries';

// Custody and network fees per chain and asset (issue 37): a key's scope (the chain) is an account of
// its own wherever accounts are found, created, posted to and checked.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function post(reference: string, postings: Parameters<typeof postEntry>[1]['postings'], memo = {}) {
  const posted = await postEntry(t.ctx.db, { kind: 'TEST', reference, userId: null, postings, memo });
  expect(posted.ok, reference).toBe(true);
}

const accountRows = (kind: 'CHAIN_CUSTODY' | 'NETWORK_FEES', asset: string) =>
  t.ctx.db
    .select({ id: ledgerAccounts.id, scope: ledgerAccounts.scope, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.asset, asset)))
    .orderBy(ledgerAccounts.scope);

describe('accounts per chain', () => {
  it("keeps two chains' USDT custody apart, and the ledger check holds", async () => {
    const alice = await createTestUser(t);
    const bob = await createTestUser(t);
    await post('scoped:eth-usdt', chainDepositPostings('ethereum', alice.id, 'USDT', 500n));
    await post('scoped:bsc-usdt', chainDepositPostings('bsc', bob.id, 'USDT', 700n));
    // Coins moved from one chain's custody to another's (a bridge, say) are one balanced entry.
    await post(
      'scoped:bridge',
      transferPostings(custodyAccount('bsc', 'USDT'), custodyAccount('ethereum', 'USDT'), 40n),
    );
    await post(
      'scoped:gas',
      transferPostings(custodyAccount('ethereum', 'ETH'), networkFeeAccount('ethereum', 'ETH'), 3n),
    );

    const keys = [
      custodyAccount('ethereum', 'USDT'),
      custodyAccount('bsc', 'USDT'),
      custodyAccount('ethereum', 'ETH'),
      networkFeeAccount('ethereum', 'ETH'),
      systemAccount('CHAIN_CUSTODY', 'USDT'),
    ];
    const balances = await loadBalances(t.ctx.db, keys);
    expect(keys.map((key) => balances.get(accountName(key)))).toEqual([-460n, -740n, -3n, 3n, 0n]);
    const ids = await ensureAccounts(t.ctx.db, keys);
    expect(new Set(ids.values()).size).toBe(keys.length);
    expect((await accountRows('CHAIN_CUSTODY', 'USDT')).map((row) => [row.scope, row.balance])).toEqual([
      ['', '0'],
      ['bsc', '-740'],
      ['ethereum', '-460'],
    ]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('lets only the chain kinds carry a scope, and only a chain key', async () => {
    const insert = (kind: string, scope: string) =>
      t.ctx.db.execute(sql`
        INSERT INTO ledger_accounts (user_id, asset, kind, allow_negative, scope)
        VALUES (NULL, 'USDT', ${kind}, true, ${scope})`);
    await expect(insert('HOUSE_INVENTORY', 'ethereum')).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/ledger_accounts_scope/) }),
    });
    await expect(insert('CHAIN_CUSTODY', 'Not A Key')).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/ledger_accounts_scope/) }),
    });
  });

  it('gives the custody accounts written before scopes the chain their entries name, once', async () => {
    const alice = await createTestUser(t);
    const legacy = (asset: 'BNB' | 'MATIC') => systemAccount('CHAIN_CUSTODY', asset);
    // Entries as the watcher wrote them before scopes: unscoped custody, the chain in the memo.
    await post('legacy:bnb-1', transferPostings(legacy('BNB'), userAccount(alice.id, 'BNB'), 10n), {
      chain: 'bsc',
    });
    await post('legacy:bnb-2', transferPostings(legacy('BNB'), userAccount(alice.id, 'BNB'), 5n), {
      chain: 'bsc',
    });
    // An account whose entries name two chains (CHAIN_KEY changed between runs), and one naming none.
    await post('legacy:matic-1', transferPostings(legacy('MATIC'), userAccount(alice.id, 'MATIC'), 20n), {
      chain: 'polygon',
    });
    await post('legacy:matic-2', transferPostings(legacy('MATIC'), userAccount(alice.id, 'MATIC'), 8n), {
      chain: 'polygon-zkevm',
    });
    await post('legacy:matic-3', transferPostings(legacy('MATIC'), userAccount(alice.id, 'MATIC'), 1n));
    const [bnbBefore] = await accountRows('CHAIN_CUSTODY', 'BNB');

    const run = async () =>
      (await t.ctx.db.execute<{ changed: number }>(sql`SELECT ledger_scope_chain_accounts() AS changed`))
        .rows[0]!.changed;
    expect(await run()).toBe(3);

    // One chain: the account itself is renamed; its id, balance and postings stay.
    expect(await accountRows('CHAIN_CUSTODY', 'BNB')).toEqual([
      { id: bnbBefore!.id, scope: 'bsc', balance: '-15' },
    ]);
    // Two chains: each chain's part moved to its own account by an entry; what names no chain stays.
    expect((await accountRows('CHAIN_CUSTODY', 'MATIC')).map((row) => [row.scope, row.balance])).toEqual([
      ['', '-1'],
      ['polygon', '-20'],
      ['polygon-zkevm', '-8'],
    ]);
    const moves = await t.ctx.db.select().from(journalEntries).where(eq(journalEntries.kind, 'CHAIN_SCOPE'));
    expect(moves.map((entry) => entry.memo)).toEqual([
      expect.objectContaining({ chain: 'polygon' }),
      expect.objectContaining({ chain: 'polygon-zkevm' }),
    ]);
    const custody = await loadBalances(t.ctx.db, [
      custodyAccount('bsc', 'BNB'),
      custodyAccount('polygon', 'MATIC'),
    ]);
    expect([...custody.values()]).toEqual([-15n, -20n]);

    // Run again, it changes nothing.
    expect(await run()).toBe(0);
    expect(
      await t.ctx.db.select().from(journalEntries).where(eq(journalEntries.kind, 'CHAIN_SCOPE')),
    ).toHaveLength(2);
    await expectLedgerConsistent(t.ctx.db);
  });
});
