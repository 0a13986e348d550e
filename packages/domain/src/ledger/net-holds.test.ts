import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountName, userAccount } from './accounts';
import { type EntryDraft, feePostings, holdPostings, releasePostings, validateEntry } from './entry';
import { NETTED_HOLDS_KIND, netHolds } from './net-holds';

const KINDS = new Set(['ORDER_HOLD', 'ORDER_RELEASE']);
const hold = (userId: string, order: string, amount: bigint, asset: 'USDT' | 'BTC' = 'USDT'): EntryDraft => ({
  kind: 'ORDER_HOLD',
  reference: `order-hold:${order}`,
  userId,
  postings: holdPostings(userId, asset, amount),
  memo: { market: 'BTC-USDT', order },
});
const release = (
  userId: string,
  order: string,
  amount: bigint,
  asset: 'USDT' | 'BTC' = 'USDT',
): EntryDraft => ({
  kind: 'ORDER_RELEASE',
  reference: `order-release:${order}`,
  userId,
  postings: releasePostings(userId, asset, amount),
});
const fee: EntryDraft = {
  kind: 'TRADE',
  reference: 'trade:1',
  userId: 'alice',
  postings: feePostings('alice', 'USDT', 3n),
};

/** Each account's summed change over the drafts. */
function deltas(drafts: readonly EntryDraft[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const d of drafts)
    for (const p of d.postings)
      out.set(accountName(p.account), (out.get(accountName(p.account)) ?? 0n) + p.amount);
  for (const [name, delta] of out) if (delta === 0n) out.delete(name);
  return out;
}

describe('netHolds', () => {
  it("writes one user's holds and releases as one entry that names each part, and keeps the rest in order", () => {
    const drafts = [hold('alice', 'a', 100n), fee, release('alice', 'b', 30n), hold('alice', 'c', 5n, 'BTC')];
    const netted = netHolds(drafts, KINDS);
    expect(netted).toEqual([
      fee,
      {
        kind: NETTED_HOLDS_KIND,
        reference: 'holds:order-hold:a',
        userId: 'alice',
        postings: [
          { account: userAccount('alice', 'USDT', 'AVAILABLE'), amount: -70n },
          { account: userAccount('alice', 'USDT', 'LOCKED'), amount: 70n },
          { account: userAccount('alice', 'BTC', 'AVAILABLE'), amount: -5n },
          { account: userAccount('alice', 'BTC', 'LOCKED'), amount: 5n },
        ],
        memo: { parts: ['order-hold:a USDT 100', 'order-release:b USDT -30', 'order-hold:c BTC 5'] },
      },
    ]);
    expect(validateEntry(netted[1]!.postings).ok).toBe(true);
  });

  it('writes one entry per user', () => {
    const netted = netHolds([hold('alice', 'a', 1n), hold('bob', 'b', 2n), release('alice', 'c', 4n)], KINDS);
    expect(netted.map((d) => [d.userId, d.reference])).toEqual([
      ['alice', 'holds:order-hold:a'],
      ['bob', 'holds:order-hold:b'],
    ]);
    expect(netted[0]!.postings.map((p) => p.amount)).toEqual([3n, -3n]);
  });

  it('posts nothing for an asset whose parts cancel out, and no entry when all of them do', () => {
    const netted = netHolds(
      [hold('alice', 'a', 50n), hold('alice', 'b', 7n, 'BTC'), release('alice', 'a', 50n)],
      KINDS,
    );
    expect(netted).toHaveLength(1);
    expect(netted[0]!.postings.map((p) => accountName(p.account))).toEqual([
      accountName(userAccount('alice', 'BTC', 'AVAILABLE')),
      accountName(userAccount('alice', 'BTC', 'LOCKED')),
    ]);
    expect(netHolds([hold('alice', 'a', 50n), release('alice', 'a', 50n)], KINDS)).toEqual([]);
  });

  it('refuses a part that is not a move between its own user’s available and locked balances', () => {
    const someoneElses = { ...hold('alice', 'a', 1n), userId: 'bob' };
    expect(() => netHolds([someoneElses], KINDS)).toThrow(/moves one asset/);
    const toTheHouse = { ...fee, kind: 'ORDER_HOLD' };
    expect(() => netHolds([toTheHouse], KINDS)).toThrow(/moves one asset/);
    expect(() => netHolds([hold('alice', 'a', 1n), hold('alice', 'a', 2n)], KINDS)).toThrow(/netted once/);
  });

  it('changes every account by what the parts did, whatever they are', () => {
    const part = fc.record({
      user: fc.constantFrom('alice', 'bob', 'carol'),
      asset: fc.constantFrom('USDT' as const, 'BTC' as const),
      amount: fc.bigInt({ min: 1n, max: 1_000n }),
      isHold: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(part, { maxLength: 40 }), (parts) => {
        const drafts = parts.map((p, i) =>
          p.isHold ? hold(p.user, `${i}`, p.amount, p.asset) : release(p.user, `${i}`, p.amount, p.asset),
        );
        const netted = netHolds(drafts, KINDS);
        expect(deltas(netted)).toEqual(deltas(drafts));
        for (const entry of netted) expect(validateEntry(entry.postings).ok).toBe(true);
        expect(new Set(netted.map((e) => e.userId)).size).toBe(netted.length);
      }),
    );
  });
});
