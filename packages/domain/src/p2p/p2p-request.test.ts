import { describe, expect, it } from 'vitest';
import { checkP2pEmail, checkP2pTransfer, type P2pTransferInput, p2pCurrency } from './p2p-request';

const valid: P2pTransferInput = {
  email: 'carol@example.com',
  currency: 'ETH',
  amount: '0.5',
  balance: 100_000_000n,
};
const code = (over: Partial<P2pTransferInput>) => {
  const checked = checkP2pTransfer({ ...valid, ...over });
  return checked.ok ? null : checked.code;
};

describe('checkP2pTransfer', () => {
  it("refuses in the spec's order, each rule before the next", () => {
    const nothing = { email: '', currency: '', amount: '', balance: undefined, recipientConfirmed: false };
    expect(code(nothing)).toBe('email_required');
    expect(code({ ...nothing, email: 'carol' })).toBe('email_invalid');
    expect(code({ ...nothing, email: 'carol@example.com' })).toBe('currency_required');
    expect(code({ ...nothing, email: 'carol@example.com', currency: 'ETH' })).toBe('amount_required');
    expect(code({ amount: 'abc', balance: 0n, recipientConfirmed: false })).toBe('amount_not_positive');
    expect(code({ amount: '5.000000001', balance: 0n, recipientConfirmed: false })).toBe(
      'amount_precision_exceeded',
    );
    expect(code({ amount: '2', recipientConfirmed: false })).toBe('insufficient_amount');
    expect(code({ amount: '0', recipientConfirmed: false })).toBe('amount_not_positive');
    expect(code({ recipientConfirmed: false })).toBe('recipient_not_confirmed');
    expect(checkP2pTransfer({ ...valid, recipientConfirmed: true })).toEqual({
      ok: true,
      value: { email: 'carol@example.com', asset: 'ETH', amount: 50_000_000n },
    });
  });

  it('names the precision of the chosen coin', () => {
    expect(checkP2pTransfer({ ...valid, currency: 'XRP', amount: '0.0000001' })).toEqual({
      ok: false,
      code: 'amount_precision_exceeded',
      params: { precision: '6' },
    });
    expect(checkP2pTransfer({ ...valid, amount: '0.000000001' })).toMatchObject({
      params: { precision: '8' },
    });
  });

  it('checks the decimals of a negative amount, then calls it not greater than 0 after the balance', () => {
    expect(code({ amount: '-0.000000001' })).toBe('amount_precision_exceeded');
    expect(code({ amount: '-1', balance: 0n })).toBe('amount_not_positive');
    expect(code({ amount: '-0' })).toBe('amount_not_positive');
    expect(code({ amount: '0', balance: 0n })).toBe('amount_not_positive');
  });

  it('takes the whole balance, refuses one unit more, and leaves an unknown balance out', () => {
    expect(code({ amount: '1' })).toBeNull();
    expect(code({ amount: '1.00000001' })).toBe('insufficient_amount');
    expect(code({ amount: '999999', balance: undefined })).toBeNull();
    expect(code({ amount: '0.00000001', balance: 0n })).toBe('insufficient_amount');
  });

  it('trims the e-mail, the coin and the amount, and reads the coin in any case', () => {
    expect(
      checkP2pTransfer({ ...valid, email: ' carol@example.com ', currency: ' eth ', amount: ' 1 ' }),
    ).toEqual({
      ok: true,
      value: { email: 'carol@example.com', asset: 'ETH', amount: 100_000_000n },
    });
  });

  it('leaves the recipient lookup to the server when the caller does not say', () => {
    expect(code({ recipientConfirmed: undefined })).toBeNull();
  });
});

describe('p2pCurrency and checkP2pEmail', () => {
  it('takes the supported coins only: not USD, not MULTI', () => {
    expect(p2pCurrency('btc')).toBe('BTC');
    expect(p2pCurrency('USD')).toBeNull();
    expect(p2pCurrency('MULTI')).toBeNull();
    expect(p2pCurrency(null)).toBeNull();
  });

  it('wants an address with a dot in its domain', () => {
    expect(checkP2pEmail(null)).toEqual({ ok: false, code: 'email_required' });
    expect(checkP2pEmail('a@b')).toEqual({ ok: false, code: 'email_invalid' });
    expect(checkP2pEmail('a b@c.d')).toEqual({ ok: false, code: 'email_invalid' });
    expect(checkP2pEmail(' a@b.c ')).toEqual({ ok: true, value: 'a@b.c' });
  });
});
