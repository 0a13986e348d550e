import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssetCode } from '../assets';
import type { Minor } from '../money';
import { accountName, allowsNegative, isUserAccountKind, userAccount } from './accounts';
import { auditLedger } from './audit';
import { depositPostings, feePostings, holdPostings, type Posting, releasePostings } from './entry';
import { emptyLedger, type LedgerModel, postToModel, replayJournal } from './model';

const users = ['u1', 'u2', 'u3'] as const;
const assets: AssetCode[] = ['USD', 'BTC'];

type Op =
  | { type: 'deposit'; user: string; asset: AssetCode; amount: Minor }
  | { type: 'transfer'; from: string; to: string; asset: AssetCode; amount: Minor }
  | { type: 'hold'; user: string; asset: AssetCode; amount: Minor }
  | { type: 'release'; user: string; asset: AssetCode; amount: Minor }
  | { type: 'fee'; user: string; asset: AssetCode; amount: Minor }
  | { type: 'replay'; index: number };

const user = fc.constantFrom(...users);
const asset = fc.constantFrom(...assets);
const amount = fc.bigInt({ min: 1n, max: 1_000n });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), user, asset, amount }),
  fc.record({ type: fc.constant('transfer' as const), from: user, to: user, asset, amount }),
  fc.record({ type: fc.constant('hold' as const), user, asset, amount }),
  fc.record({ type: fc.constant('release' as const), user, asset, amount }),
  fc.record({ type: fc.constant('fee' as const), user, asset, amount }),
  fc.record({ type: fc.constant('replay' as const), index: fc.nat() }),
);

function postingsOf(o: Exclude<Op, { type: 'replay' }>): Posting[] {
  switch (o.type) {
    case 'deposit':
      return depositPostings(o.user, o.asset, o.amount);
    case 'transfer':
      return [
        { account: userAccount(o.from, o.asset), amount: -o.amount },
        { account: userAccount(o.to, o.asset), amount: o.amount },
      ];
    case 'hold':
      return holdPostings(o.user, o.asset, o.amount);
    case 'release':
      return releasePostings(o.user, o.asset, o.amount);
    case 'fee':
      return feePostings(o.user, o.asset, o.amount);
  }
}

/** The plainest possible bookkeeping of users' balances, to check the model's decisions against. */
class Shadow {
  private readonly balances = new Map<string, Minor>();
  get(user: string, asset: AssetCode, kind: 'AVAILABLE' | 'LOCKED'): Minor {
    return this.balances.get(`${user}/${asset}/${kind}`) ?? 0n;
  }
  add(user: string, asset: AssetCode, kind: 'AVAILABLE' | 'LOCKED', delta: Minor): void {
    this.balances.set(`${user}/${asset}/${kind}`, this.get(user, asset, kind) + delta);
  }
  /** Applies the operation if a person keeping the books by hand would, and says whether it did. */
  apply(o: Exclude<Op, { type: 'replay' }>): boolean {
    switch (o.type) {
      case 'deposit':
        this.add(o.user, o.asset, 'AVAILABLE', o.amount);
        return true;
      case 'transfer':
        if (o.from === o.to || this.get(o.from, o.asset, 'AVAILABLE') < o.amount) return false;
        this.add(o.from, o.asset, 'AVAILABLE', -o.amount);
        this.add(o.to, o.asset, 'AVAILABLE', o.amount);
        return true;
      case 'hold':
      case 'release': {
        const [from, to] =
          o.type === 'hold' ? (['AVAILABLE', 'LOCKED'] as const) : (['LOCKED', 'AVAILABLE'] as const);
        if (this.get(o.user, o.asset, from) < o.amount) return false;
        this.add(o.user, o.asset, from, -o.amount);
        this.add(o.user, o.asset, to, o.amount);
        return true;
      }
      case 'fee':
        if (this.get(o.user, o.asset, 'AVAILABLE') < o.amount) return false;
        this.add(o.user, o.asset, 'AVAILABLE', -o.amount);
        return true;
    }
  }
}

function expectInvariants(model: LedgerModel, shadow: Shadow): void {
  const perAsset = new Map<string, Minor>();
  for (const [name, balance] of model.balances) {
    const account = model.accounts.get(name)!;
    perAsset.set(account.asset, (perAsset.get(account.asset) ?? 0n) + balance);
    if (!allowsNegative(account.kind)) expect(balance).toBeGreaterThanOrEqual(0n);
  }
  for (const sum of perAsset.values()) expect(sum).toBe(0n);

  const replayed = replayJournal(model.journal);
  for (const [name, balance] of model.balances) expect(replayed.get(name) ?? 0n).toBe(balance);
  expect(replayed.size).toBe(model.balances.size);

  for (const u of users)
    for (const a of assets)
      for (const kind of ['AVAILABLE', 'LOCKED'] as const)
        expect(model.balances.get(accountName(userAccount(u, a, kind))) ?? 0n).toBe(shadow.get(u, a, kind));

  // The same audit the database check runs, fed from the model (holds are what the model locked).
  const accounts = [...model.accounts.entries()].map(([name, account]) => ({
    id: name,
    userId: account.userId,
    asset: account.asset,
    kind: account.kind,
    allowNegative: allowsNegative(account.kind),
    cachedBalance: model.balances.get(name) ?? 0n,
    postedBalance: replayed.get(name) ?? 0n,
  }));
  const expectedLocked = accounts
    .filter((a) => a.kind === 'LOCKED' && a.userId !== null && isUserAccountKind(a.kind))
    .map((a) => ({
      source: 'model',
      userId: a.userId!,
      asset: a.asset,
      amount: shadow.get(a.userId!, a.asset as AssetCode, 'LOCKED'),
    }));
  expect(
    auditLedger({ accounts, unbalancedEntries: [], thinEntries: [], malformedPostings: [], expectedLocked }),
  ).toEqual([]);
}

describe('the ledger model under random operations', () => {
  it('keeps every invariant and decides exactly as hand bookkeeping would', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        let model = emptyLedger();
        const shadow = new Shadow();
        let posted = 0;
        ops.forEach((o, step) => {
          if (o.type === 'replay') {
            if (model.journal.length === 0) return;
            const earlier = model.journal[o.index % model.journal.length]!;
            const again = postToModel(model, earlier);
            expect(again).toEqual({ ok: false, code: 'duplicate_reference' });
            return;
          }
          const result = postToModel(model, {
            kind: o.type,
            reference: `op-${step}`,
            userId: null,
            postings: postingsOf(o),
          });
          const expected = shadow.apply(o);
          expect(result.ok).toBe(expected);
          if (result.ok) {
            model = result.value;
            posted += 1;
          } else {
            expect(['insufficient_funds', 'duplicate_account']).toContain(result.code);
          }
          expectInvariants(model, shadow);
        });
        expect(model.journal.length).toBe(posted);
      }),
      { numRuns: 300 },
    );
  });
});
