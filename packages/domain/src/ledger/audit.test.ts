import { describe, expect, it } from 'vitest';
import { type AccountSnapshot, auditLedger, type LedgerSnapshot } from './audit';

const account = (over: Partial<AccountSnapshot>): AccountSnapshot => ({
  id: '1',
  userId: 'u1',
  asset: 'USD',
  kind: 'AVAILABLE',
  allowNegative: false,
  cachedBalance: 0n,
  postedBalance: 0n,
  ...over,
});

const clean = (): LedgerSnapshot => ({
  accounts: [
    account({ id: '1', cachedBalance: 500n, postedBalance: 500n }),
    account({
      id: '2',
      userId: null,
      kind: 'PAYMENT_CLEARING',
      allowNegative: true,
      cachedBalance: -500n,
      postedBalance: -500n,
    }),
    account({ id: '3', kind: 'LOCKED' }),
  ],
  unbalancedEntries: [],
  thinEntries: [],
  malformedPostings: [],
  expectedLocked: [],
});

describe('auditLedger', () => {
  it('finds nothing wrong with a consistent ledger', () => {
    expect(auditLedger(clean())).toEqual([]);
  });

  it('reports a cached balance that drifted from its postings', () => {
    const snapshot = {
      ...clean(),
      accounts: [
        account({ id: '1', cachedBalance: 600n, postedBalance: 500n }),
        ...clean().accounts.slice(1),
      ],
    };
    expect(auditLedger(snapshot)).toEqual([
      { code: 'cached_balance_mismatch', accountId: '1', cached: 600n, posted: 500n },
    ]);
  });

  it('reports a negative user balance and the asset no longer summing to zero', () => {
    const snapshot = {
      ...clean(),
      accounts: [
        account({ id: '1', cachedBalance: -1n, postedBalance: -1n }),
        account({
          id: '2',
          userId: null,
          kind: 'PAYMENT_CLEARING',
          allowNegative: true,
          cachedBalance: -500n,
          postedBalance: -500n,
        }),
      ],
    };
    expect(auditLedger(snapshot)).toEqual([
      { code: 'negative_balance', accountId: '1', balance: -1n },
      { code: 'asset_not_balanced', asset: 'USD', sum: -501n },
    ]);
  });

  it('passes entry-level breaches through', () => {
    const snapshot = {
      ...clean(),
      unbalancedEntries: [{ entryId: '7', asset: 'BTC', sum: 3n }],
      thinEntries: [{ entryId: '8', postings: 1 }],
      malformedPostings: [{ postingId: '9', reason: 'zero_amount' as const }],
    };
    expect(auditLedger(snapshot).map((b) => b.code)).toEqual([
      'unbalanced_entry',
      'thin_entry',
      'malformed_posting',
    ]);
  });

  it('reports a user account flagged as allowed to go negative', () => {
    const snapshot = {
      ...clean(),
      accounts: [
        account({ id: '1', allowNegative: true, cachedBalance: 500n, postedBalance: 500n }),
        ...clean().accounts.slice(1),
      ],
    };
    expect(auditLedger(snapshot)).toEqual([
      { code: 'negative_policy_mismatch', accountId: '1', kind: 'AVAILABLE' },
    ]);
  });

  it('requires LOCKED to be zero when no hold source explains it', () => {
    const snapshot = {
      ...clean(),
      accounts: [
        account({ id: '1', cachedBalance: 400n, postedBalance: 400n }),
        account({
          id: '2',
          userId: null,
          kind: 'PAYMENT_CLEARING',
          allowNegative: true,
          cachedBalance: -500n,
          postedBalance: -500n,
        }),
        account({ id: '3', kind: 'LOCKED', cachedBalance: 100n, postedBalance: 100n }),
      ],
    };
    expect(auditLedger(snapshot)).toEqual([
      { code: 'locked_mismatch', userId: 'u1', asset: 'USD', locked: 100n, expected: 0n },
    ]);
  });

  it('accepts LOCKED balances that the hold sources add up to', () => {
    const snapshot = {
      ...clean(),
      accounts: [
        account({ id: '1', cachedBalance: 400n, postedBalance: 400n }),
        account({
          id: '2',
          userId: null,
          kind: 'PAYMENT_CLEARING',
          allowNegative: true,
          cachedBalance: -500n,
          postedBalance: -500n,
        }),
        account({ id: '3', kind: 'LOCKED', cachedBalance: 100n, postedBalance: 100n }),
      ],
      expectedLocked: [
        { source: 'orders', userId: 'u1', asset: 'USD', amount: 60n },
        { source: 'stakes', userId: 'u1', asset: 'USD', amount: 40n },
      ],
    };
    expect(auditLedger(snapshot)).toEqual([]);
  });

  it('reports a hold that has no locked funds behind it', () => {
    const snapshot = {
      ...clean(),
      expectedLocked: [{ source: 'orders', userId: 'u2', asset: 'BTC', amount: 5n }],
    };
    expect(auditLedger(snapshot)).toEqual([
      { code: 'locked_mismatch', userId: 'u2', asset: 'BTC', locked: 0n, expected: 5n },
    ]);
  });
});
