import type { MonthlySeries } from '@exchange/contracts';
import {
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type ThemeColour, themeColour } from '../../../lib/theme-colour';

/** The day-of-month buckets the spec compares months by. */
export const BUCKET_LABELS = ['Days 1–10', 'Days 11–20', 'Days 21–31'] as const;

/** One theme colour per month, none of them green or red (those mean direction). */
const MONTH_COLOURS = ['accent', 'info', 'muted'] as const satisfies readonly ThemeColour[];

const tooltipStyle = () => ({
  backgroundColor: themeColour('raised'),
  border: `1px solid ${themeColour('line')}`,
  borderRadius: 6,
  color: themeColour('ink'),
});

/**
 * How many of the current month's day buckets have begun on `now`'s UTC day: the first always, the
 * second from the 11th, the third from the 21st. The chart leaves the others out (no line drawn
 * through days that have not come, as a 0 would).
 */
export function startedBuckets(now: Date): number {
  const day = now.getUTCDate();
  return day > 20 ? 3 : day > 10 ? 2 : 1;
}

/** The current month's figure of a bucket, or null for a bucket that has not begun. */
export function plotted(series: MonthlySeries, key: keyof MonthlySeries, index: number, started: number) {
  if (key === 'currentMonth' && index >= started) return null;
  return series[key][index] ?? 0;
}

export interface MonthLabels {
  readonly currentMonth: string;
  readonly previousMonth: string;
  readonly secondOldMonth: string;
}

/**
 * Three months of one activity on one chart, a line per month across the three day buckets. A table
 * with the same figures is kept for screen readers, since a chart cannot be read aloud.
 */
export function ActivityChart({
  title,
  labels,
  series,
  now = new Date(),
}: {
  readonly title: string;
  readonly labels: MonthLabels;
  readonly series: MonthlySeries;
  /** Today, for the buckets of the current month that have begun. */
  readonly now?: Date;
}) {
  const started = startedBuckets(now);
  const months = [
    { key: 'secondOldMonth', name: labels.secondOldMonth },
    { key: 'previousMonth', name: labels.previousMonth },
    { key: 'currentMonth', name: labels.currentMonth },
  ] as const;
  const data = BUCKET_LABELS.map((bucket, index) => ({
    bucket,
    ...Object.fromEntries(months.map((m) => [m.key, plotted(series, m.key, index, started)])),
  }));
  const axis = themeColour('muted');
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium text-ink">{title}</figcaption>
      <div className="h-48 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -20 }}
            accessibilityLayer={false}
          >
            <XAxis dataKey="bucket" stroke={axis} fontSize={11} tickLine={false} />
            <YAxis allowDecimals={false} stroke={axis} fontSize={11} tickLine={false} />
            <Tooltip contentStyle={tooltipStyle()} />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {months.map((m, i) => (
              <Line
                key={m.key}
                type="monotone"
                dataKey={m.key}
                name={m.name}
                stroke={themeColour(MONTH_COLOURS[2 - i] ?? 'muted')}
                strokeWidth={2}
                dot={{ r: 3 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      {/* sr-only on the table itself would not hold it to 1 px (a table grows to its content), and
          the absolutely placed table widened the page by its own width. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {BUCKET_LABELS.map((b) => (
                <th key={b} scope="col">
                  {b}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.key}>
                <th scope="row">{m.name}</th>
                {BUCKET_LABELS.map((b, i) => (
                  <td key={b}>{plotted(series, m.key, i, started) ?? '-'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A donut of parts of a whole, with the total in the middle and a legend of the figures beside it. */
export function Donut({
  parts,
  total,
  totalLabel,
}: {
  /** Each part's colour is a theme token ('success', 'warning'...). */
  readonly parts: readonly { name: string; value: number; colour: ThemeColour }[];
  readonly total: number;
  readonly totalLabel: string;
}) {
  const shown = parts.some((p) => p.value > 0)
    ? parts
    : [{ name: 'None', value: 1, colour: 'line' as const }];
  return (
    <div className="flex flex-wrap items-center gap-6">
      <div className="relative size-36 shrink-0" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={shown.map((p) => ({ ...p }))}
              dataKey="value"
              nameKey="name"
              innerRadius="68%"
              outerRadius="100%"
              stroke="none"
              rootTabIndex={-1}
              isAnimationActive={false}
            >
              {shown.map((p) => (
                <Cell key={p.name} fill={themeColour(p.colour)} />
              ))}
            </Pie>
          </PieChart>
        </ResponsiveContainer>
        <div className="absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-2xl font-semibold text-ink tabular-nums">{total}</span>
          <span className="text-xs text-muted">{totalLabel}</span>
        </div>
      </div>
      <dl className="grid gap-2 text-sm">
        {parts.map((p) => (
          <div key={p.name} className="flex items-center gap-2">
            <span
              className="size-3 rounded-full"
              style={{ backgroundColor: themeColour(p.colour) }}
              aria-hidden="true"
            />
            <dt className="text-muted">{p.name}</dt>
            <dd className="font-semibold text-ink tabular-nums">{p.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
