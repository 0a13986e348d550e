/** The HTTP benchmarks' figures: one row per load, printed and written as a markdown table. */
import type autocannon from 'autocannon';

export interface Figure {
  readonly name: string;
  readonly command: string;
  readonly rps: number;
  readonly ok: number;
  readonly failed: number;
  readonly p50: number;
  readonly p99: number;
  readonly p999: number;
}

/** Throughput counts 2xx answers only; failures are non-2xx answers, errors and timeouts. */
export function figure(name: string, command: string, result: autocannon.Result): Figure {
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    command,
    rps: result['2xx'] / result.duration,
    ok: result['2xx'],
    failed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
  };
}

/** The nearest-rank percentile `p` (0–100) of ascending values; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function table(figures: readonly Figure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.name} | \`${f.command}\` | ${fmt(f.rps)} | ${fmt(f.p50, 1)} | ${fmt(f.p99, 1)} | ${fmt(f.p999, 1)} | ${fmt(f.ok)} | ${fmt(f.failed)} |`,
  );
  return [
    '| load | request | ok/s | p50 ms | p99 ms | p99.9 ms | ok | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}
