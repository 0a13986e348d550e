import { DAY_MS } from '@exchange/domain';
import { lt } from 'drizzle-orm';
import {
  instantQuotes,
  mailOutbox,
  otps,
  refreshTokens,
  signInEvents,
  swapQuotes,
  userSessions,
  webhookEvents,
} from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import { pruneCounters } from '../../platform/counters';
import { IDEMPOTENCY_KEEP_MS, pruneIdempotencyKeys } from '../../platform/idempotency';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { pruneUnattachedUploads } from './prune-unattached-uploads';

/**
 * Rows that are only useful for a while are deleted once they cannot matter any more, so no table
 * grows with traffic alone. Each table has its own cut-off, measured from the job's `now`:
 * - instant and swap quotes: a day after they expired (history never points at a quote);
 * - one-time codes: a day after they expired (the daily budget of wrong tries lives in the counters);
 * - refresh tokens: once expired (an expired token is refused anyway, reuse or not);
 * - payment webhook events: after 30 days, far beyond the provider's redelivery window;
 * - idempotency keys: after a day (a retry later than that runs as a new request);
 * - rate-limit and budget counters: once their window has ended;
 * - the mail outbox: after 7 days;
 * - sign-in history: after 180 days;
 * - sessions unused for 90 days (their refresh tokens, 30 days by default, expired long before);
 * - uploads no profile or KYC record names: after a day, files and rows (prune-unattached-uploads.ts).
 */
export const PRUNE_JOB = 'prune-expired-rows';
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
export const RETENTION = {
  quotesAfterExpiryMs: DAY_MS,
  otpsAfterExpiryMs: DAY_MS,
  webhookEventsMs: 30 * DAY_MS,
  idempotencyKeysMs: IDEMPOTENCY_KEEP_MS,
  mailOutboxMs: 7 * DAY_MS,
  signInEventsMs: 180 * DAY_MS,
  unusedSessionsMs: 90 * DAY_MS,
} as const;

export type PruneReport = Record<string, number>;

export async function pruneExpiredRows(ctx: Pick<AppContext, 'db'>, now: Date): Promise<PruneReport> {
  const { db } = ctx;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    instantQuotes: await count(
      db
        .delete(instantQuotes)
        .where(lt(instantQuotes.expiresAt, ago(RETENTION.quotesAfterExpiryMs)))
        .returning({ id: instantQuotes.id }),
    ),
    swapQuotes: await count(
      db
        .delete(swapQuotes)
        .where(lt(swapQuotes.expiresAt, ago(RETENTION.quotesAfterExpiryMs)))
        .returning({ id: swapQuotes.id }),
    ),
    otps: await count(
      db
        .delete(otps)
        .where(lt(otps.expiresAt, ago(RETENTION.otpsAfterExpiryMs)))
        .returning({ id: otps.id }),
    ),
    refreshTokens: await count(
      db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)).returning({ id: refreshTokens.id }),
    ),
    webhookEvents: await count(
      db
        .delete(webhookEvents)
        .where(lt(webhookEvents.receivedAt, ago(RETENTION.webhookEventsMs)))
        .returning({ id: webhookEvents.eventId }),
    ),
    idempotencyKeys: await pruneIdempotencyKeys(db, ago(RETENTION.idempotencyKeysMs)),
    counters: await pruneCounters(db, now),
    mailOutbox: await count(
      db
        .delete(mailOutbox)
        .where(lt(mailOutbox.createdAt, ago(RETENTION.mailOutboxMs)))
        .returning({ id: mailOutbox.id }),
    ),
    signInEvents: await count(
      db
        .delete(signInEvents)
        .where(lt(signInEvents.createdAt, ago(RETENTION.signInEventsMs)))
        .returning({ id: signInEvents.id }),
    ),
    userSessions: await count(
      db
        .delete(userSessions)
        .where(lt(userSessions.lastUsedAt, ago(RETENTION.unusedSessionsMs)))
        .returning({ id: userSessions.id }),
    ),
  };
}

/** The hourly prune, run by one process through the shared scheduler. */
export function pruneExpiredRowsJob(ctx: Pick<AppContext, 'db' | 'logger' | 'storage'>): ScheduledJob {
  return {
    name: PRUNE_JOB,
    everyMs: PRUNE_EVERY_MS,
    run: async (now) => {
      const report = {
        ...(await pruneExpiredRows(ctx, now)),
        uploads: await pruneUnattachedUploads(ctx, now),
      };
      if (Object.values(report).some((n) => n > 0))
        ctx.logger.info({ pruned: report }, 'pruned expired rows');
    },
  };
}
