import { describe, expect, it } from 'vitest';
import { validateEntry } from '../ledger';
import { checkRecipient, maskEmail, maskMobile, p2pPostings } from './p2p-transfer';

describe('checkRecipient', () => {
  const verified = { id: 'b', role: 'USER' as const, status: 'ACTIVE' as const, isKycVerified: true };
  it('checks unknown, self, disabled and unverified in that order', () => {
    expect(checkRecipient({ senderId: 'a', recipient: null })).toMatchObject({ code: 'recipient_unknown' });
    expect(checkRecipient({ senderId: 'b', recipient: { ...verified, status: 'DISABLED' } })).toMatchObject({
      code: 'recipient_self',
    });
    expect(
      checkRecipient({ senderId: 'a', recipient: { ...verified, status: 'DISABLED', isKycVerified: false } }),
    ).toMatchObject({ code: 'recipient_disabled' });
    expect(checkRecipient({ senderId: 'a', recipient: { ...verified, isKycVerified: false } })).toMatchObject(
      {
        code: 'recipient_unverified',
      },
    );
    expect(checkRecipient({ senderId: 'a', recipient: verified })).toEqual({ ok: true, value: 'b' });
  });

  it('answers a staff account as unknown, so staff addresses cannot be confirmed', () => {
    expect(checkRecipient({ senderId: 'a', recipient: { ...verified, role: 'ADMIN' } })).toMatchObject({
      code: 'recipient_unknown',
    });
  });
});

describe('p2p postings and masks', () => {
  it('moves the amount between the two available accounts, balanced', () => {
    const entry = p2pPostings('a', 'b', 'ETH', 5n);
    expect(entry.map((p) => [p.account.userId, p.amount])).toEqual([
      ['a', -5n],
      ['b', 5n],
    ]);
    expect(validateEntry(entry)).toEqual({ ok: true, value: true });
  });

  it('masks e-mails and phone numbers so an account cannot be harvested from them', () => {
    expect(maskEmail('carol@example.com')).toBe('c***l@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskMobile('5550100')).toBe('*****00');
    expect(maskMobile('7')).toBe('*');
  });
});
