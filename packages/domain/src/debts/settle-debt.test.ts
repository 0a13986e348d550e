import { describe, expect, it } from 'vitest';
import { debtSettlementPostings, decideDebtSettlement } from './settle-debt';

const open = { status: 'OPEN' as const, amount: 3_003n };

describe('decideDebtSettlement', () => {
  it('collects a debt only when the available USD covers all of it', () => {
    expect(decideDebtSettlement({ debt: open, method: 'COLLECTED', available: 3_003n, note: '' })).toEqual({
      ok: true,
      value: { amount: 3_003n },
    });
    expect(decideDebtSettlement({ debt: open, method: 'COLLECTED', available: 3_002n, note: '' })).toEqual({
      ok: false,
      code: 'debt_not_covered',
    });
  });

  it('writes a debt off only with a note, and never settles one twice', () => {
    expect(
      decideDebtSettlement({ debt: open, method: 'WRITTEN_OFF', available: 0n, note: '' }),
    ).toMatchObject({
      code: 'debt_note_required',
    });
    expect(
      decideDebtSettlement({ debt: open, method: 'WRITTEN_OFF', available: 0n, note: 'Bank won' }).ok,
    ).toBe(true);
    const settled = { ...open, status: 'SETTLED' as const };
    expect(
      decideDebtSettlement({ debt: settled, method: 'COLLECTED', available: 10_000n, note: '' }),
    ).toMatchObject({ code: 'debt_already_settled' });
  });
});

describe('debtSettlementPostings', () => {
  it('clears the receivable from the user or from the write-off expense, summing to zero', () => {
    const collected = debtSettlementPostings('u1', 'COLLECTED', 3_003n);
    expect(collected.map((p) => [p.account.kind, p.account.userId, p.amount])).toEqual([
      ['AVAILABLE', 'u1', -3_003n],
      ['USER_DEBT', null, 3_003n],
    ]);
    const written = debtSettlementPostings('u1', 'WRITTEN_OFF', 3_003n);
    expect(written.map((p) => [p.account.kind, p.amount])).toEqual([
      ['DEBT_WRITE_OFF', -3_003n],
      ['USER_DEBT', 3_003n],
    ]);
  });
});
