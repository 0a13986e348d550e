import { fmt } from './figures';

/** The matching loop's round histograms as /metrics shows them now (cumulative since the start). */
async function roundMetrics(
  origin: string,
): Promise<{ write: Map<string, number>; writeSum: number; commands: number }> {
  const body = await (await fetch(`${origin}/metrics`)).text();
  const write = new Map<string, number>();
  for (const [, le, n] of body.matchAll(
    /^exchange_match_round_write_seconds_bucket\{le="([^"]+)"\} (\S+)$/gm,
  ))
    write.set(le!, Number(n));
  const value = (name: string) => Number(body.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? 0);
  return {
    write,
    writeSum: value('exchange_match_round_write_seconds_sum'),
    commands: value('exchange_match_round_commands_sum'),
  };
}

/**
 * The rounds of one load: how many, their mean size and write time, and the bucket bounds their
 * writes' median and 99th percentile fell under (the server's histogram, so no finer than its buckets).
 */
function roundsBetween(before: Awaited<ReturnType<typeof roundMetrics>>, after: typeof before): string {
  const count = (after.write.get('+Inf') ?? 0) - (before.write.get('+Inf') ?? 0);
  if (count === 0) return 'no rounds';
  const bound = (share: number) => {
    for (const [le, n] of after.write)
      if (n - (before.write.get(le) ?? 0) >= share * count)
        return le === '+Inf' ? 'more' : `${Number(le) * 1000}`;
    return 'more';
  };
  const meanMs = ((after.writeSum - before.writeSum) / count) * 1000;
  return `${count} rounds of ${fmt((after.commands - before.commands) / count, 1)} commands, written in ${fmt(meanMs, 1)} ms mean (p50 ≤ ${bound(0.5)} ms, p99 ≤ ${bound(0.99)} ms)`;
}

/** Runs `load` and says what the server's matching-loop rounds did meanwhile (roundsBetween). */
export async function roundsDuring<T>(origin: string, load: () => Promise<T>): Promise<[T, string]> {
  const before = await roundMetrics(origin);
  const result = await load();
  return [result, roundsBetween(before, await roundMetrics(origin))];
}
