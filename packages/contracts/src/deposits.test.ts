import { describe, expect, it } from 'vitest';
import { addUsdRequestSchema, depositAmountSchema } from './deposits';
import { idempotencyKeySchema } from './envelope';
import { messages as m } from './messages';

const firstMessage = (value: unknown) => {
  const result = depositAmountSchema.safeParse(value);
  return result.success ? 'ok' : result.error.issues[0]?.message;
};

describe('depositAmountSchema', () => {
  it('accepts whole dollars and cents from 1 to 100000', () => {
    for (const value of ['1', '1.00', '25.5', '99999.99', '100000', ' 10 '])
      expect(firstMessage(value)).toBe('ok');
  });

  it("answers empty, zero, negative and non-numbers with the spec's message", () => {
    for (const value of ['', '   ', '0', '0.00', '-5', 'abc', '1e5', '0x10', '1,000', '.5']) {
      expect(firstMessage(value)).toBe(m.depositAmountRequired);
    }
  });

  it("accepts the spec's JSON numbers through their exact decimal text, and refuses what is not a finite amount", () => {
    expect(depositAmountSchema.parse(25)).toBe('25');
    expect(depositAmountSchema.parse(10.5)).toBe('10.5');
    expect(addUsdRequestSchema.parse({ amount: 25, order_id: 'X1' }).amount).toBe('25');
    expect(firstMessage(0.001)).toBe(m.depositAmountDecimals);
    expect(firstMessage(1e21)).toBe(m.depositAmountTooLarge);
    expect(firstMessage(Number.NaN)).toBe(m.depositAmountRequired);
    expect(firstMessage(-5)).toBe(m.depositAmountRequired);
  });

  it('refuses fractions of a cent, then amounts below 1 or above 100000', () => {
    expect(firstMessage('10.001')).toBe(m.depositAmountDecimals);
    expect(firstMessage('0.99')).toBe(m.depositAmountTooSmall);
    expect(firstMessage('100000.01')).toBe(m.depositAmountTooLarge);
    expect(firstMessage('99999999999999999999999')).toBe(m.depositAmountTooLarge);
  });
});

describe('idempotencyKeySchema', () => {
  it('accepts 1 to 128 characters of the allowed set', () => {
    for (const key of ['a', 'deposit:2026-01-01.1', 'A_b-C', 'x'.repeat(128)])
      expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });

  it('refuses empty, long and other characters', () => {
    for (const key of ['', 'x'.repeat(129), 'has space', 'slash/', 'ümlaut', 'semi;colon']) {
      expect(idempotencyKeySchema.safeParse(key).success).toBe(false);
    }
  });
});
