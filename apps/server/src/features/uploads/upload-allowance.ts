import { messages } from '@exchange/contracts';
import { DAY_MS } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { hitCounter, readCounter } from '../../platform/counters';
import { AppError } from '../../platform/errors';

const MINUTE_MS = 60_000;

const keys = (userId: string) => ({
  minute: `upload|minute:user:${userId}`,
  dayFiles: `upload|day-files:user:${userId}`,
  dayKib: `upload|day-kib:user:${userId}`,
});

/**
 * The first half of a user's upload budgets (UPLOAD_* settings; both upload routes share them, in
 * the shared counters, so every process does): called before the body is read, it spends one of the
 * minute's uploads and refuses, 429, when those are spent or the day's files or kibibytes already
 * are. Nothing is read or decoded for a refused upload.
 */
export async function admitUpload(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, userId: string) {
  const limits = ctx.config.uploadLimits;
  const now = ctx.clock.now();
  const key = keys(userId);
  const minute = await hitCounter(ctx.db, key.minute, MINUTE_MS, now);
  if (minute.count > limits.perMinute) throw new AppError('rate_limited', messages.uploadTooFrequent);
  const files = await readCounter(ctx.db, key.dayFiles, now);
  const kib = await readCounter(ctx.db, key.dayKib, now);
  if (files.count >= limits.dailyFiles || kib.count >= limits.dailyKib)
    throw new AppError('rate_limited', messages.uploadDailyQuota);
}

/**
 * The second half, once the body is read and before it is decoded: spends one of the day's files
 * and the body's kibibytes, and refuses, 429, an upload that takes either past the day's limit (two
 * uploads racing past the first check are counted here, atomically). An upload refused later (a
 * damaged image, say) still counts: it was read and maybe decoded.
 */
export async function chargeUpload(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  userId: string,
  sizeBytes: number,
) {
  const limits = ctx.config.uploadLimits;
  const now = ctx.clock.now();
  const key = keys(userId);
  const files = await hitCounter(ctx.db, key.dayFiles, DAY_MS, now);
  const kib = await hitCounter(ctx.db, key.dayKib, DAY_MS, now, Math.ceil(sizeBytes / 1024));
  if (files.count > limits.dailyFiles || kib.count > limits.dailyKib)
    throw new AppError('rate_limited', messages.uploadDailyQuota);
}
