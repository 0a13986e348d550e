import { describe, expect, it } from 'vitest';
import {
  decideOtpAttempt,
  decideOtpAttemptAmong,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  OTP_WRONG_TRIES_PER_DAY,
  type OtpState,
  otpBudgetSpent,
  otpExpiresAt,
} from './otp';

const issuedAt = new Date('2026-01-01T12:00:00Z');
const fresh: OtpState = { expiresAt: otpExpiresAt(issuedAt), attempts: 0, consumedAt: null };
const at = (ms: number) => new Date(issuedAt.getTime() + ms);

describe('deciding an e-mailed code', () => {
  it('accepts the right code while it is fresh', () => {
    expect(decideOtpAttempt(fresh, true, at(OTP_TTL_MS - 1))).toEqual({ ok: true });
  });

  it('counts a wrong code as a try', () => {
    expect(decideOtpAttempt(fresh, false, at(1000))).toEqual({
      ok: false,
      code: 'otp_invalid',
      countAttempt: true,
    });
  });

  it('kills the code on the fifth wrong try and then refuses even the right code', () => {
    const fourWrong = { ...fresh, attempts: OTP_MAX_ATTEMPTS - 1 };
    expect(decideOtpAttempt(fourWrong, false, at(1000))).toEqual({
      ok: false,
      code: 'otp_locked',
      countAttempt: true,
    });
    const dead = { ...fresh, attempts: OTP_MAX_ATTEMPTS };
    expect(decideOtpAttempt(dead, true, at(1000))).toEqual({
      ok: false,
      code: 'otp_locked',
      countAttempt: false,
    });
  });

  it('refuses the right code from the instant it expires, without counting', () => {
    expect(decideOtpAttempt(fresh, true, at(OTP_TTL_MS))).toEqual({
      ok: false,
      code: 'otp_expired',
      countAttempt: false,
    });
    expect(decideOtpAttempt(fresh, false, at(OTP_TTL_MS + 1))).toEqual({
      ok: false,
      code: 'otp_expired',
      countAttempt: false,
    });
  });

  it('refuses a used code and a missing one without counting', () => {
    const used = { ...fresh, consumedAt: at(5000) };
    expect(decideOtpAttempt(used, true, at(6000))).toEqual({
      ok: false,
      code: 'otp_invalid',
      countAttempt: false,
    });
    expect(decideOtpAttempt(undefined, true, at(6000))).toEqual({
      ok: false,
      code: 'otp_invalid',
      countAttempt: false,
    });
  });

  it('lets exactly four wrong tries pass before the code dies', () => {
    let state = fresh;
    const codes: string[] = [];
    for (let i = 0; i < OTP_MAX_ATTEMPTS + 1; i += 1) {
      const decision = decideOtpAttempt(state, false, at(1000));
      if (decision.ok) throw new Error('a wrong code was accepted');
      codes.push(decision.code);
      if (decision.countAttempt) state = { ...state, attempts: state.attempts + 1 };
    }
    expect(codes).toEqual([
      'otp_invalid',
      'otp_invalid',
      'otp_invalid',
      'otp_invalid',
      'otp_locked',
      'otp_locked',
    ]);
    expect(state.attempts).toBe(OTP_MAX_ATTEMPTS);
  });
});

describe('the daily budget of wrong tries', () => {
  it('allows tries until the budget is spent, then none', () => {
    expect(OTP_WRONG_TRIES_PER_DAY).toBeGreaterThan(OTP_MAX_ATTEMPTS);
    expect(otpBudgetSpent(0)).toBe(false);
    expect(otpBudgetSpent(OTP_WRONG_TRIES_PER_DAY - 1)).toBe(false);
    expect(otpBudgetSpent(OTP_WRONG_TRIES_PER_DAY)).toBe(true);
    expect(otpBudgetSpent(OTP_WRONG_TRIES_PER_DAY + 5)).toBe(true);
  });
});

describe('deciding a code against the outstanding codes of both purposes', () => {
  const used: OtpState = { ...fresh, consumedAt: at(1000) };
  const locked: OtpState = { ...fresh, attempts: OTP_MAX_ATTEMPTS };

  it('accepts the value when any live code matches it, counting no wrong try on the others', () => {
    expect(
      decideOtpAttemptAmong(
        [
          { otp: fresh, codeMatches: false },
          { otp: fresh, codeMatches: true },
        ],
        at(1000),
      ),
    ).toEqual({ ok: true, index: 1 });
    expect(
      decideOtpAttemptAmong(
        [
          { otp: undefined, codeMatches: false },
          { otp: fresh, codeMatches: true },
        ],
        at(1000),
      ),
    ).toEqual({ ok: true, index: 1 });
  });

  it('prefers the first candidate when both match', () => {
    const both = [
      { otp: fresh, codeMatches: true },
      { otp: fresh, codeMatches: true },
    ];
    expect(decideOtpAttemptAmong(both, at(1000))).toEqual({ ok: true, index: 0 });
  });

  it('never accepts a used, locked or expired code, even through the other purpose', () => {
    for (const [otp, now] of [
      [used, at(2000)],
      [locked, at(1000)],
      [fresh, at(OTP_TTL_MS)],
    ] as const)
      expect(
        decideOtpAttemptAmong(
          [
            { otp: undefined, codeMatches: false },
            { otp, codeMatches: true },
          ],
          now,
        ).ok,
      ).toBe(false);
  });

  it('counts a wrong try on every live code it was compared with', () => {
    expect(
      decideOtpAttemptAmong(
        [
          { otp: fresh, codeMatches: false },
          { otp: fresh, codeMatches: false },
        ],
        at(1000),
      ),
    ).toEqual({ ok: false, code: 'otp_invalid', countAttempts: [0, 1] });
    expect(
      decideOtpAttemptAmong(
        [
          { otp: used, codeMatches: false },
          { otp: fresh, codeMatches: false },
        ],
        at(2000),
      ),
    ).toEqual({ ok: false, code: 'otp_invalid', countAttempts: [1] });
  });

  it('answers as the first code still unused says, or otp_invalid when there is none', () => {
    expect(
      decideOtpAttemptAmong(
        [
          { otp: undefined, codeMatches: false },
          { otp: locked, codeMatches: true },
        ],
        at(1000),
      ),
    ).toEqual({ ok: false, code: 'otp_locked', countAttempts: [] });
    expect(
      decideOtpAttemptAmong(
        [
          { otp: used, codeMatches: false },
          { otp: fresh, codeMatches: true },
        ],
        at(OTP_TTL_MS),
      ),
    ).toEqual({ ok: false, code: 'otp_expired', countAttempts: [] });
    expect(
      decideOtpAttemptAmong(
        [
          { otp: undefined, codeMatches: false },
          { otp: used, codeMatches: true },
        ],
        at(2000),
      ),
    ).toEqual({ ok: false, code: 'otp_invalid', countAttempts: [] });
  });
});
