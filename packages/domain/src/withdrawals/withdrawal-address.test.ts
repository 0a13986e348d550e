import { describe, expect, it } from 'vitest';
import { checkAddressUsable, checkWithdrawalDestination, shortAddress } from './withdrawal-address';
import { checkWithdrawalAmount } from './withdrawal-request';

const OUTSIDE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DEPOSIT = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

describe('shortAddress', () => {
  it('shortens an address for lists', () => {
    expect(shortAddress(OUTSIDE)).toBe('0x5aAe…eAed');
  });
});

describe('checkWithdrawalDestination', () => {
  it('accepts an outside address from any case and answers it checksummed', () => {
    expect(checkWithdrawalDestination(OUTSIDE.toLowerCase(), [DEPOSIT])).toEqual({
      ok: true,
      value: OUTSIDE,
    });
  });

  it("refuses the exchange's own addresses whatever their case, after the address rule", () => {
    expect(checkWithdrawalDestination(DEPOSIT.toUpperCase().replace('0X', '0x'), [DEPOSIT])).toEqual({
      ok: false,
      code: 'address_own',
    });
    expect(checkWithdrawalDestination(`0x${'0'.repeat(40)}`, [DEPOSIT])).toMatchObject({
      code: 'address_zero',
    });
    expect(checkWithdrawalDestination('0x12', [DEPOSIT])).toMatchObject({ code: 'address_invalid' });
  });
});

describe('checkAddressUsable', () => {
  it('keeps a new book entry back until its usable time, and names it', () => {
    const usableAt = new Date('2026-11-28T10:00:00Z');
    expect(checkAddressUsable(usableAt, new Date('2026-11-28T09:59:59Z'))).toEqual({
      ok: false,
      code: 'address_cooling_down',
      params: { until: '2026-11-28T10:00:00.000Z' },
    });
    expect(checkAddressUsable(usableAt, usableAt).ok).toBe(true);
  });
});

describe('checkWithdrawalAmount with a chain precision', () => {
  it('refuses more decimal places than the chain counts', () => {
    const usdt = {
      asset: 'USDT',
      method: 'chain',
      minimum: 10_00000000n,
      fee: 1_00000000n,
      precision: 6,
    } as const;
    expect(checkWithdrawalAmount(usdt, 'USDT', '20.0000001')).toEqual({
      ok: false,
      code: 'amount_precision_exceeded',
      params: { precision: '6' },
    });
    expect(checkWithdrawalAmount(usdt, 'USDT', '20.000001')).toMatchObject({
      ok: true,
      value: { amount: 2_000_000_100n, receive: 1_900_000_100n },
    });
  });
});
