import { describe, expect, it } from 'vitest';
import { checkStatement, checkStatementAsset, runningBalances, statementRange } from './statement';

const NOW = Date.parse('2026-06-15T12:00:00Z');

describe('runningBalances', () => {
  it('adds each movement to the balance before it', () => {
    expect(runningBalances(100n, [{ amount: 50n }, { amount: -30n }, { amount: 5n }])).toEqual([
      150n,
      120n,
      125n,
    ]);
  });
  it('has nothing to show without movements', () => {
    expect(runningBalances(7n, [])).toEqual([]);
  });
});

describe('checkStatementAsset', () => {
  it('accepts a statement whose opening and movements make the closing balance', () => {
    expect(
      checkStatementAsset({ asset: 'USD', opening: 1000n, movementsTotal: -250n, closing: 750n }),
    ).toEqual({ ok: true, value: true });
  });

  it('refuses one with a movement missing, naming the asset and both figures', () => {
    expect(checkStatementAsset({ asset: 'BTC', opening: 0n, movementsTotal: 5n, closing: 8n })).toEqual({
      ok: false,
      code: 'statement_unbalanced',
      params: { asset: 'BTC', expected: '5', closing: '8' },
    });
  });
});

describe('checkStatement', () => {
  it('answers the first asset that does not add up', () => {
    const result = checkStatement([
      { asset: 'USD', opening: 1n, movementsTotal: 1n, closing: 2n },
      { asset: 'ETH', opening: 1n, movementsTotal: 1n, closing: 3n },
      { asset: 'BTC', opening: 0n, movementsTotal: 0n, closing: 1n },
    ]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.params?.asset).toBe('ETH');
  });
  it('accepts an empty statement', () => {
    expect(checkStatement([]).ok).toBe(true);
  });
});

describe('statementRange', () => {
  it('covers from 00:00 UTC of the first day to the end of the last', () => {
    expect(statementRange('2026-01-01', '2026-01-31', NOW)).toEqual({
      ok: true,
      value: {
        fromMs: Date.parse('2026-01-01T00:00:00Z'),
        toExclusiveMs: Date.parse('2026-02-01T00:00:00Z'),
      },
    });
  });

  it('accepts a range ending today', () => {
    expect(statementRange('2026-06-15', '2026-06-15', NOW).ok).toBe(true);
  });

  it.each([
    ['2026-13-01', '2026-01-01', 'statement_date_invalid'],
    ['2026-02-30', '2026-03-01', 'statement_date_invalid'],
    ['01/02/2026', '2026-03-01', 'statement_date_invalid'],
    ['2026-03-02', '2026-03-01', 'statement_range_reversed'],
    ['2025-01-01', '2026-01-02', 'statement_range_too_long'],
    ['2026-06-01', '2026-06-16', 'statement_range_future'],
  ])('refuses %s to %s with %s', (from, to, code) => {
    expect(statementRange(from, to, NOW)).toMatchObject({ ok: false, code });
  });

  it('allows 366 days and no more', () => {
    expect(statementRange('2025-01-01', '2026-01-01', NOW).ok).toBe(true);
  });
});
