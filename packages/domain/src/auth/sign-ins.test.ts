import { describe, expect, it } from 'vitest';
import { type SessionState, sessionsToEnd, signInNovelty } from './sign-ins';

const chromeHome = { device: 'Chrome on Windows', network: '203.0.113.0/24' };

describe('whether a sign-in comes from a new place', () => {
  it('calls the first sign-in of an account first, not new', () => {
    expect(signInNovelty([], chromeHome)).toBe('first');
  });

  it('knows a device label already seen on the same network', () => {
    expect(
      signInNovelty([{ device: 'Safari on iOS', network: '198.51.100.0/24' }, chromeHome], chromeHome),
    ).toBe('known');
  });

  it('calls a known device on a new network new, and a new device on a known network new', () => {
    expect(signInNovelty([chromeHome], { ...chromeHome, network: '198.51.100.0/24' })).toBe('new');
    expect(signInNovelty([chromeHome], { ...chromeHome, device: 'Firefox on Windows' })).toBe('new');
  });
});

describe('which sessions a sign-out ends', () => {
  const sessions: SessionState[] = [
    { id: 'current', revokedAt: null },
    { id: 'phone', revokedAt: null },
    { id: 'laptop', revokedAt: null },
    { id: 'old', revokedAt: new Date('2026-01-01T00:00:00Z') },
  ];

  it('ends one live session of the user', () => {
    expect(sessionsToEnd(sessions, 'current', { kind: 'one', id: 'phone' })).toEqual({
      ok: true,
      value: ['phone'],
    });
  });

  it('refuses a session that is not one of the user’s live sessions', () => {
    expect(sessionsToEnd(sessions, 'current', { kind: 'one', id: 'someone-elses' })).toEqual({
      ok: false,
      code: 'session_not_found',
    });
    expect(sessionsToEnd(sessions, 'current', { kind: 'one', id: 'old' })).toMatchObject({ ok: false });
  });

  it('ends every other live session, never the current one', () => {
    expect(sessionsToEnd(sessions, 'current', { kind: 'others' })).toEqual({
      ok: true,
      value: ['phone', 'laptop'],
    });
    expect(sessionsToEnd([{ id: 'current', revokedAt: null }], 'current', { kind: 'others' })).toEqual({
      ok: true,
      value: [],
    });
  });
});
