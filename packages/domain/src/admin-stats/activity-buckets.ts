/**
 * The admin dashboard's three-month comparison (spec section 2): activity is counted per month for the
 * current month and the two before it, each month cut into three day-of-month buckets (days 1 to 10,
 * 11 to 20, and 21 to the month's end). Months and days are read in UTC so every server and every
 * viewer buckets the same record the same way.
 */

export const DAY_BUCKETS = ['upTo10', 'from11To20', 'after20'] as const;
export type DayBucket = (typeof DAY_BUCKETS)[number];

/** The months compared, newest first in the spec's names. */
export const COMPARED_MONTHS = ['currentMonth', 'previousMonth', 'secondOldMonth'] as const;
export type ComparedMonth = (typeof COMPARED_MONTHS)[number];

/** A calendar month in UTC; `month` is 1 to 12. */
export interface CalendarMonth {
  readonly year: number;
  readonly month: number;
}

/** Counts per bucket, in DAY_BUCKETS order. */
export type BucketCounts = [number, number, number];
export type MonthlyBuckets = Record<ComparedMonth, BucketCounts>;

/** One observation: `count` records on the instant's day (1 when it stands for one record). */
export interface ActivityPoint {
  readonly at: Date;
  readonly count: number;
}

/** Which bucket a day of the month falls in: ≤10, 11–20, >20. Days outside 1..31 are a bug. */
export function dayBucket(dayOfMonth: number): DayBucket {
  if (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31)
    throw new RangeError(`day of month out of range: ${dayOfMonth}`);
  if (dayOfMonth <= 10) return 'upTo10';
  if (dayOfMonth <= 20) return 'from11To20';
  return 'after20';
}

function shiftMonth(month: CalendarMonth, by: number): CalendarMonth {
  const index = month.year * 12 + (month.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The three compared months for `now` (current, previous, second old) and the half-open UTC instant
 * range [start, end) that covers them: from the first day of the second old month to the first day of
 * the month after the current one.
 */
export function comparedMonths(now: Date): {
  readonly months: Readonly<Record<ComparedMonth, CalendarMonth>>;
  readonly start: Date;
  readonly end: Date;
} {
  const current = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  const secondOld = shiftMonth(current, -2);
  const next = shiftMonth(current, 1);
  return {
    months: { currentMonth: current, previousMonth: shiftMonth(current, -1), secondOldMonth: secondOld },
    start: new Date(Date.UTC(secondOld.year, secondOld.month - 1, 1)),
    end: new Date(Date.UTC(next.year, next.month - 1, 1)),
  };
}

/**
 * Adds up `points` into the three compared months' day buckets. Points outside the three months (older,
 * or in the future) are left out; counts must be non-negative integers.
 */
export function bucketActivity(points: readonly ActivityPoint[], now: Date): MonthlyBuckets {
  const { months } = comparedMonths(now);
  const totals: Record<ComparedMonth, [number, number, number]> = {
    currentMonth: [0, 0, 0],
    previousMonth: [0, 0, 0],
    secondOldMonth: [0, 0, 0],
  };
  for (const point of points) {
    if (!Number.isInteger(point.count) || point.count < 0)
      throw new RangeError(`activity count must be a non-negative integer: ${point.count}`);
    const year = point.at.getUTCFullYear();
    const month = point.at.getUTCMonth() + 1;
    const which = COMPARED_MONTHS.find((key) => months[key].year === year && months[key].month === month);
    if (!which) continue;
    const bucket = DAY_BUCKETS.indexOf(dayBucket(point.at.getUTCDate()));
    totals[which][bucket] = (totals[which][bucket] ?? 0) + point.count;
  }
  return totals;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'November 2026': how a compared month is labelled on the charts. */
export function monthLabel(month: CalendarMonth): string {
  return `${MONTH_NAMES[month.month - 1]} ${month.year}`;
}
