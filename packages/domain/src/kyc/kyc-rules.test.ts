import { describe, expect, it } from 'vitest';
import { checkDateOfBirth, decideKycReview, decideKycSubmission } from './kyc-rules';

describe('submitting KYC', () => {
  it('is allowed first and after a rejection, never while pending or once approved', () => {
    expect(decideKycSubmission(null).ok).toBe(true);
    expect(decideKycSubmission('REJECTED').ok).toBe(true);
    expect(decideKycSubmission('PENDING')).toEqual({ ok: false, code: 'kyc_already_pending' });
    expect(decideKycSubmission('APPROVED')).toEqual({ ok: false, code: 'kyc_already_approved' });
  });
});

describe('reviewing KYC', () => {
  it('decides a pending submission once', () => {
    expect(decideKycReview('PENDING', 'APPROVED')).toEqual({ ok: true, value: 'APPROVED' });
    expect(decideKycReview('PENDING', 'REJECTED')).toEqual({ ok: true, value: 'REJECTED' });
    expect(decideKycReview('APPROVED', 'REJECTED')).toEqual({ ok: false, code: 'kyc_already_decided' });
    expect(decideKycReview('REJECTED', 'APPROVED')).toEqual({ ok: false, code: 'kyc_already_decided' });
  });
});

describe('date of birth', () => {
  const today = '2026-11-23';
  it.each([
    ['2008-11-23', true],
    ['2008-11-24', 'dob_too_young'],
    ['1990-01-01', true],
    ['2026-11-24', 'dob_future'],
    ['2026-11-23', 'dob_too_young'],
    ['2001-02-30', 'dob_invalid'],
    ['1899-12-31', 'dob_invalid'],
    ['23/11/1990', 'dob_invalid'],
    ['', 'dob_invalid'],
  ])('%s is %s', (dob, expected) => {
    const result = checkDateOfBirth(dob, today);
    if (expected === true) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, code: expected });
  });

  it('counts a 29 February birthday as of age on 1 March in a common year', () => {
    expect(checkDateOfBirth('2008-02-29', '2026-02-28').ok).toBe(false);
    expect(checkDateOfBirth('2008-02-29', '2026-03-01').ok).toBe(true);
  });
});
