import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema';
import { createTestDatabase } from '../test/test-app';
import { createBatchedCounters } from './batched-counters';
import { ManualClock } from './clock';
import type { Database } from './db';
import { createLogger } from './logger';

const WINDOW_MS = 60_000;

/** Counters counted in memory and shared through PostgreSQL in batches (the API's request weights). */
describe('batched counters', () => {
  let database: Database;
  const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
  const process = () =>
    createBatchedCounters({
      db: database.db,
      clock,
      logger: createLogger('silent'),
      windowMs: WINDOW_MS,
      // Flushed by hand below.
      flushEveryMs: 3_600_000,
    });
  const stored = async (key: string) =>
    (await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key)))[0]?.count;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('counts each hit at once in memory and shares them in one write', async () => {
    const counters = process();
    for (let i = 1; i <= 50; i += 1)
      expect(counters.hit(['a:1', 'b:1'], 2).map((s) => s.count)).toEqual([2 * i, 2 * i]);
    // No statement per hit: nothing is stored until the flush.
    expect(await stored('a:1')).toBeUndefined();
    await counters.flush();
    expect(await stored('a:1')).toBe(100);
    expect(await stored('b:1')).toBe(100);
    await counters.close();
  });

  it("sees the other processes' hits from its next flush on", async () => {
    const first = process();
    const second = process();
    first.hit(['shared:1'], 30);
    second.hit(['shared:1'], 20);
    await first.flush();
    await second.flush();
    // The second knows both at once; the first learns the second's at its next flush.
    expect(second.hit(['shared:1'], 1)[0]?.count).toBe(51);
    expect(first.hit(['shared:1'], 1)[0]?.count).toBe(31);
    await first.flush();
    // Its own and the second's first 20 (the second's last hit is not shared yet).
    expect(first.hit(['shared:1'], 0)[0]?.count).toBe(51);
    await second.close();
    await first.close();
    expect(await stored('shared:1')).toBe(52);
  });

  it('starts a new window when the last one ended, with the window end as the time left', async () => {
    const counters = process();
    const [state] = counters.hit(['w:1'], 5);
    expect(state?.windowEndsAt.getTime()).toBe(clock.now().getTime() + WINDOW_MS);
    await counters.flush();
    clock.advance(WINDOW_MS);
    expect(counters.hit(['w:1'], 1)[0]?.count).toBe(1);
    await counters.flush();
    expect(await stored('w:1')).toBe(1);
    await counters.close();
  });
});
