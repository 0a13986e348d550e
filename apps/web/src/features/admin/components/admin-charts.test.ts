import { describe, expect, it } from 'vitest';
import { plotted, startedBuckets } from './admin-charts';

const series = { currentMonth: [5, 0, 0], previousMonth: [1, 2, 3], secondOldMonth: [4, 0, 6] } as const;

describe("the activity chart's days that have not come", () => {
  it('counts the buckets of the current month that have begun', () => {
    expect(startedBuckets(new Date('2026-12-01T00:00:00Z'))).toBe(1);
    expect(startedBuckets(new Date('2026-12-10T23:59:59Z'))).toBe(1);
    expect(startedBuckets(new Date('2026-12-11T00:00:00Z'))).toBe(2);
    expect(startedBuckets(new Date('2026-12-21T00:00:00Z'))).toBe(3);
  });

  it('plots no figure for a bucket of the current month that has not begun, all of past months', () => {
    const s = {
      ...series,
      currentMonth: [...series.currentMonth],
      previousMonth: [...series.previousMonth],
      secondOldMonth: [...series.secondOldMonth],
    } as never;
    expect([0, 1, 2].map((i) => plotted(s, 'currentMonth', i, 1))).toEqual([5, null, null]);
    expect([0, 1, 2].map((i) => plotted(s, 'previousMonth', i, 1))).toEqual([1, 2, 3]);
    expect([0, 1, 2].map((i) => plotted(s, 'currentMonth', i, 3))).toEqual([5, 0, 0]);
  });
});
