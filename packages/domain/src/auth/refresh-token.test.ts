import { describe, expect, it } from 'vitest';
import { decideRefresh, REFRESH_REUSE_GRACE_MS, type RefreshTokenState } from './refresh-token';

const now = new Date('2026-01-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const live: RefreshTokenState = { expiresAt: later(86_400_000), rotatedAt: null, revokedAt: null };

describe('deciding a refresh', () => {
  it('rotates a live token', () => {
    expect(decideRefresh(live, now)).toEqual({ ok: true });
  });

  it('refuses unknown, revoked and expired tokens without alarm', () => {
    expect(decideRefresh(undefined, now)).toMatchObject({
      ok: false,
      reason: 'unknown',
      revokeFamily: false,
    });
    expect(decideRefresh({ ...live, revokedAt: now }, now)).toMatchObject({
      ok: false,
      reason: 'revoked',
      revokeFamily: false,
    });
    expect(decideRefresh({ ...live, expiresAt: now }, now)).toMatchObject({
      ok: false,
      reason: 'expired',
      revokeFamily: false,
    });
  });

  it('forgives a retired token inside the grace window (two tabs racing)', () => {
    const retired = { ...live, rotatedAt: now };
    expect(decideRefresh(retired, later(REFRESH_REUSE_GRACE_MS - 1))).toMatchObject({
      ok: false,
      code: 'token_invalid',
      reason: 'raced',
      revokeFamily: false,
    });
  });

  it('treats a retired token after the grace window as theft and revokes the family', () => {
    const retired = { ...live, rotatedAt: now };
    expect(decideRefresh(retired, later(REFRESH_REUSE_GRACE_MS))).toMatchObject({
      ok: false,
      reason: 'reused',
      revokeFamily: true,
    });
  });

  it('does not raise the alarm again for a token whose family is already revoked', () => {
    const retiredAndRevoked = { ...live, rotatedAt: now, revokedAt: later(1) };
    expect(decideRefresh(retiredAndRevoked, later(REFRESH_REUSE_GRACE_MS * 10))).toMatchObject({
      reason: 'revoked',
      revokeFamily: false,
    });
  });
});
