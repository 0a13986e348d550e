import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  instantQuotes,
  mailOutbox,
  otps,
  rateLimitCounters,
  refreshTokens,
  signInEvents,
  userSessions,
  webhookEvents,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { PRUNE_JOB, pruneExpiredRows, pruneExpiredRowsJob } from './prune-expired';

const DAY = 24 * 60 * 60 * 1000;

describe('pruning expired rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** One row in every pruned table, made at `at` and expiring shortly after. */
  async function seedRows(at: Date) {
    const user = await createTestUser(t);
    const soon = new Date(at.getTime() + 60_000);
    const { db } = t.ctx;
    await db.insert(instantQuotes).values({
      userId: user.id,
      side: 'buy',
      asset: 'BTC',
      quantity: '1',
      priceUsd: '1',
      cost: '1',
      fee: '0',
      total: '1',
      expiresAt: soon,
      createdAt: at,
    });
    await db
      .insert(otps)
      .values({ userId: user.id, purpose: 'EMAIL_VERIFY', codeHash: 'x', expiresAt: soon });
    await db
      .insert(refreshTokens)
      .values({ userId: user.id, familyId: user.id, tokenHash: `h-${user.id}`, expiresAt: soon });
    await db.insert(webhookEvents).values({ provider: 'paypal', eventId: `e-${user.id}`, receivedAt: at });
    await db
      .insert(idempotencyKeys)
      .values({ userId: user.id, key: 'k', route: 'r', requestHash: 'h', createdAt: at });
    await db.insert(rateLimitCounters).values({ key: `c-${user.id}`, count: 1, windowEndsAt: soon });
    await db.insert(mailOutbox).values({ to: user.email, subject: 's', text: 't', createdAt: at });
  }

  it('keeps what can still matter and drops every table’s old rows', async () => {
    const now = new Date();
    await seedRows(now);
    const fresh = await pruneExpiredRows(t.ctx, now);
    expect(Object.values(fresh).every((n) => n === 0)).toBe(true);

    const later = await pruneExpiredRows(t.ctx, new Date(now.getTime() + 31 * DAY));
    expect(later).toMatchObject({
      instantQuotes: 1,
      otps: 1,
      // The seeded token and the test user's own sign-in, which has run out after 30 days too.
      refreshTokens: 2,
      webhookEvents: 1,
      idempotencyKeys: 1,
      counters: 1,
      mailOutbox: expect.any(Number),
    });
    expect(later.mailOutbox).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.select().from(otps)).toEqual([]);
    expect(await t.ctx.db.select().from(webhookEvents)).toEqual([]);
  });

  it('keeps a webhook event for 30 days and an idempotency key for one', async () => {
    const now = new Date();
    await seedRows(now);
    const twoDays = await pruneExpiredRows(t.ctx, new Date(now.getTime() + 2 * DAY));
    expect(twoDays).toMatchObject({ idempotencyKeys: 1, webhookEvents: 0, otps: 1 });
  });

  it('keeps the sign-in history for 180 days and a session until 90 days unused', async () => {
    const now = new Date();
    const user = await createTestUser(t);
    await t.ctx.db
      .insert(signInEvents)
      .values({ userId: user.id, outcome: 'SUCCESS', device: 'd', network: 'n', createdAt: now });
    await t.ctx.db
      .insert(userSessions)
      .values({ id: user.sessionId, userId: user.id, device: 'd', network: 'n', lastUsedAt: now });
    const soon = await pruneExpiredRows(t.ctx, new Date(now.getTime() + 89 * DAY));
    expect(soon).toMatchObject({ signInEvents: 0, userSessions: 0 });
    const unused = await pruneExpiredRows(t.ctx, new Date(now.getTime() + 91 * DAY));
    expect(unused).toMatchObject({ signInEvents: 0, userSessions: 1 });
    const old = await pruneExpiredRows(t.ctx, new Date(now.getTime() + 181 * DAY));
    expect(old.signInEvents).toBeGreaterThanOrEqual(1);
  });

  it('runs as a scheduled job', async () => {
    const job = pruneExpiredRowsJob(t.ctx);
    expect(job.name).toBe(PRUNE_JOB);
    await expect(job.run(new Date())).resolves.toBeUndefined();
  });
});
