import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  mayTrySecondFactor,
  normalizeRecoveryCode,
  SECOND_FACTOR_WRONG_TRIES_PER_DAY,
  secondFactorBudgetJustSpent,
  secondFactorTriesLeft,
} from './two-factor';

describe("the day's budget of wrong two-factor codes", () => {
  it('counts down from the daily budget and never below nothing', () => {
    expect(secondFactorTriesLeft(0)).toBe(SECOND_FACTOR_WRONG_TRIES_PER_DAY);
    expect(secondFactorTriesLeft(SECOND_FACTOR_WRONG_TRIES_PER_DAY - 1)).toBe(1);
    expect(secondFactorTriesLeft(SECOND_FACTOR_WRONG_TRIES_PER_DAY)).toBe(0);
    expect(secondFactorTriesLeft(SECOND_FACTOR_WRONG_TRIES_PER_DAY + 5)).toBe(0);
  });

  it('compares codes while tries are left, and refuses them unread once the budget is spent', () => {
    expect(mayTrySecondFactor(0)).toBe(true);
    expect(mayTrySecondFactor(SECOND_FACTOR_WRONG_TRIES_PER_DAY - 1)).toBe(true);
    expect(mayTrySecondFactor(SECOND_FACTOR_WRONG_TRIES_PER_DAY)).toBe(false);
    expect(mayTrySecondFactor(SECOND_FACTOR_WRONG_TRIES_PER_DAY + 1)).toBe(false);
  });

  it('warns the owner once: on the wrong try that spends the budget, not before, not after', () => {
    const warned = Array.from({ length: SECOND_FACTOR_WRONG_TRIES_PER_DAY + 3 }, (_, i) => i + 1).filter(
      secondFactorBudgetJustSpent,
    );
    expect(warned).toEqual([SECOND_FACTOR_WRONG_TRIES_PER_DAY]);
  });
});

describe('recovery codes as typed', () => {
  it('ignore case, spaces and dashes', () => {
    expect(normalizeRecoveryCode('ABCDE-FGH23')).toBe('abcdefgh23');
    expect(normalizeRecoveryCode(' abcde fgh23 ')).toBe('abcdefgh23');
    expect(formatRecoveryCode('abcdefgh23')).toBe('abcde-fgh23');
  });

  it('refuse what cannot be one (wrong length, letters outside base32)', () => {
    expect(normalizeRecoveryCode('abcde-fgh2')).toBeNull();
    expect(normalizeRecoveryCode('abcde-fgh189')).toBeNull();
    expect(normalizeRecoveryCode('123456')).toBeNull();
    expect(normalizeRecoveryCode('')).toBeNull();
  });
});
