import { describe, expect, it } from 'vitest';
import { claimFailure, decideQuoteUse, type QuoteState } from './quote-use';

const now = new Date('2026-01-01T12:00:00.000Z');
const later = new Date(now.getTime() + 15_000);
const fresh: QuoteState = { ownerId: 'alice', usedAt: null, expiresAt: later };

describe('decideQuoteUse', () => {
  it('lets the owner use a fresh, unused quote for the request it was made for', () => {
    expect(decideQuoteUse(fresh, 'alice', true, now)).toEqual({ ok: true, value: undefined });
  });

  it("treats a missing quote and someone else's alike: not found", () => {
    expect(decideQuoteUse(undefined, 'alice', true, now)).toMatchObject({ code: 'quote_not_found' });
    expect(decideQuoteUse(fresh, 'bob', true, now)).toMatchObject({ code: 'quote_not_found' });
  });

  it('refuses a request that differs from the quote before looking at the time', () => {
    const expired = { ...fresh, expiresAt: now };
    expect(decideQuoteUse(expired, 'alice', false, now)).toMatchObject({ code: 'quote_mismatch' });
  });

  it('says used over expired, and expires at the expiry instant itself', () => {
    expect(decideQuoteUse({ ...fresh, usedAt: now, expiresAt: now }, 'alice', true, now)).toMatchObject({
      code: 'quote_used',
    });
    expect(decideQuoteUse({ ...fresh, expiresAt: now }, 'alice', true, now)).toMatchObject({
      code: 'quote_expired',
    });
    const justBefore = new Date(now.getTime() - 1);
    expect(decideQuoteUse({ ...fresh, expiresAt: now }, 'alice', true, justBefore).ok).toBe(true);
  });
});

describe('claimFailure', () => {
  it('blames a racing use while the quote was still valid, and time once it had run out', () => {
    expect(claimFailure(fresh, now)).toBe('quote_used');
    expect(claimFailure({ ...fresh, expiresAt: now }, now)).toBe('quote_expired');
    expect(claimFailure({ ...fresh, usedAt: now, expiresAt: now }, now)).toBe('quote_used');
  });
});
