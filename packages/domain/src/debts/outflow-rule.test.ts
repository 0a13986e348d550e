import { describe, expect, it } from 'vitest';
import { checkOutflow, depositHoldStart, heldDepositCents } from './outflow-rule';

const now = new Date('2026-03-10T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('checkOutflow', () => {
  it('refuses every kind of outflow while a debt is open, and allows them without one', () => {
    for (const kind of ['p2p_send', 'swap', 'sell', 'withdrawal'] as const) {
      expect(checkOutflow({ kind, openDebts: 1 })).toEqual({ ok: false, code: 'debt_open' });
      expect(checkOutflow({ kind, openDebts: 0 })).toEqual({ ok: true, value: undefined });
    }
  });

  it('keeps value leaving the exchange from eating into deposits still in their hold window', () => {
    const hold = { heldCents: 10_000n, walletValueCents: 15_000n };
    expect(checkOutflow({ kind: 'p2p_send', openDebts: 0, hold: { ...hold, outCents: 5_000n } }).ok).toBe(
      true,
    );
    expect(checkOutflow({ kind: 'p2p_send', openDebts: 0, hold: { ...hold, outCents: 5_001n } })).toEqual({
      ok: false,
      code: 'deposit_on_hold',
      params: { free: '5000' },
    });
    expect(checkOutflow({ kind: 'withdrawal', openDebts: 0, hold: { ...hold, outCents: 6_000n } }).ok).toBe(
      false,
    );
    // Swaps and sells keep the value on the exchange: the hold does not apply to them.
    expect(checkOutflow({ kind: 'swap', openDebts: 0, hold: { ...hold, outCents: 15_000n } }).ok).toBe(true);
    // Holdings worth less than the held deposits: nothing may leave, and the free value is never negative.
    expect(
      checkOutflow({
        kind: 'p2p_send',
        openDebts: 0,
        hold: { heldCents: 10_000n, walletValueCents: 8_000n, outCents: 1n },
      }),
    ).toEqual({ ok: false, code: 'deposit_on_hold', params: { free: '0' } });
  });

  it('names the debt before the hold', () => {
    const hold = { heldCents: 1n, walletValueCents: 1n, outCents: 1n };
    expect(checkOutflow({ kind: 'p2p_send', openDebts: 2, hold })).toMatchObject({ code: 'debt_open' });
  });
});

describe('heldDepositCents', () => {
  const deposits = [
    { amount: 5_000n, reversedAmount: 0n, creditedAt: daysAgo(1) },
    { amount: 3_000n, reversedAmount: 1_000n, creditedAt: daysAgo(2.5) },
    { amount: 9_000n, reversedAmount: 0n, creditedAt: daysAgo(3) },
  ];

  it('sums what is left of the deposits credited inside the window', () => {
    expect(heldDepositCents(deposits, now, 3)).toBe(7_000n);
    expect(heldDepositCents(deposits, now, 2)).toBe(5_000n);
    expect(heldDepositCents(deposits, now, 30)).toBe(16_000n);
  });

  it('holds nothing when the period is off', () => {
    expect(heldDepositCents(deposits, now, 0)).toBe(0n);
    expect(depositHoldStart(now, 0)).toBeNull();
    expect(depositHoldStart(now, 2)).toEqual(daysAgo(2));
  });
});
