import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import { clientNetwork } from '../../platform/client-address';
import { hitCounter } from '../../platform/counters';
import { binanceError } from './binance-params';

const MINUTE_MS = 60_000;

/** Binance's weight of GET /api/v3/depth, which grows with the levels asked for. */
export function depthWeight(limit: number | undefined): number {
  const levels = limit ?? 100;
  if (levels <= 100) return 5;
  if (levels <= 500) return 25;
  if (levels <= 1000) return 50;
  return 250;
}

/**
 * Spends a request's weight from its client network's budget, or with `keyId` from the API key's,
 * in the shared counters. Answers X-MBX-USED-WEIGHT-1M (and -1m, as Binance sends both spellings
 * over the years) with what the budget has used this minute; past the budget, 429 with Retry-After
 * (seconds to the end of the minute) and Binance's -1003, having done nothing.
 */
export async function spendWeight(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  weight: number,
  keyId?: string,
): Promise<void> {
  const limits = ctx.config.binanceApiLimits;
  const now = ctx.clock.now();
  const key = keyId ? `bapi:key:${keyId}` : `bapi:ip:${clientNetwork(request.ip)}`;
  const limit = keyId ? limits.weightPerMinutePerKey : limits.weightPerMinutePerAddress;
  const used = await hitCounter(ctx.db, key, MINUTE_MS, now, weight);
  reply.header('x-mbx-used-weight-1m', String(used.count));
  reply.header('x-mbx-used-weight', String(used.count));
  if (used.count > limit) {
    const seconds = Math.max(1, Math.ceil((used.windowEndsAt.getTime() - now.getTime()) / 1000));
    reply.header('retry-after', String(seconds));
    throw binanceError(429, 'tooManyRequests', { limit: String(limit) });
  }
}
