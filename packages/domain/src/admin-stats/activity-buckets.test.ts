import { describe, expect, it } from 'vitest';
import { bucketActivity, comparedMonths, dayBucket, monthLabel } from './activity-buckets';

const at = (iso: string, count = 1) => ({ at: new Date(iso), count });

describe('dayBucket', () => {
  it('puts days 1 to 10 first, 11 to 20 second and 21 onward last', () => {
    expect([1, 10, 11, 20, 21, 31].map(dayBucket)).toEqual([
      'upTo10',
      'upTo10',
      'from11To20',
      'from11To20',
      'after20',
      'after20',
    ]);
  });

  it('refuses a day that no month has', () => {
    expect(() => dayBucket(0)).toThrow(RangeError);
    expect(() => dayBucket(32)).toThrow(RangeError);
    expect(() => dayBucket(1.5)).toThrow(RangeError);
  });
});

describe('comparedMonths', () => {
  it('covers the current month and the two before it, across a year boundary', () => {
    const { months, start, end } = comparedMonths(new Date('2026-02-14T09:00:00Z'));
    expect(months).toEqual({
      currentMonth: { year: 2026, month: 2 },
      previousMonth: { year: 2026, month: 1 },
      secondOldMonth: { year: 2025, month: 12 },
    });
    expect(start.toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('labels a month with its name and year', () => {
    expect(monthLabel({ year: 2026, month: 11 })).toBe('November 2026');
  });
});

describe('bucketActivity', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('counts records per month and day bucket, by UTC day', () => {
    const result = bucketActivity(
      [
        at('2026-11-01T00:00:00Z'),
        at('2026-11-10T23:59:59.999Z'),
        at('2026-11-11T00:00:00Z', 3),
        at('2026-11-20T12:00:00Z'),
        at('2026-11-21T00:00:00Z'),
        at('2026-10-31T23:59:59Z', 2),
        at('2026-10-05T08:00:00Z'),
        at('2026-09-15T08:00:00Z'),
        at('2026-09-30T23:00:00Z'),
      ],
      now,
    );
    expect(result).toEqual({
      currentMonth: [2, 4, 1],
      previousMonth: [1, 0, 2],
      secondOldMonth: [0, 1, 1],
    });
  });

  it('leaves out records older than the second old month and any from a later month', () => {
    const result = bucketActivity(
      [at('2026-08-31T23:59:59Z'), at('2026-12-01T00:00:00Z'), at('2025-11-05T00:00:00Z')],
      now,
    );
    expect(result).toEqual({ currentMonth: [0, 0, 0], previousMonth: [0, 0, 0], secondOldMonth: [0, 0, 0] });
  });

  it('reads a local evening that is already the next day in UTC as the UTC day', () => {
    // 2026-11-10 20:00 in New York is 2026-11-11 01:00 UTC: the second bucket.
    const result = bucketActivity([at('2026-11-10T20:00:00-05:00')], now);
    expect(result.currentMonth).toEqual([0, 1, 0]);
  });

  it('compares January with December and November of the year before', () => {
    const result = bucketActivity(
      [at('2027-01-02T00:00:00Z'), at('2026-12-25T00:00:00Z'), at('2026-11-15T00:00:00Z')],
      new Date('2027-01-20T00:00:00Z'),
    );
    expect(result).toEqual({
      currentMonth: [1, 0, 0],
      previousMonth: [0, 0, 1],
      secondOldMonth: [0, 1, 0],
    });
  });

  it('refuses a negative or fractional count', () => {
    expect(() => bucketActivity([at('2026-11-01T00:00:00Z', -1)], now)).toThrow(RangeError);
    expect(() => bucketActivity([at('2026-11-01T00:00:00Z', 0.5)], now)).toThrow(RangeError);
  });
});
