import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import { clientNetwork } from '../../platform/client-address';
import { hitCounters } from '../../platform/counters';
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
 * Spends a request's weight from its client network's budget and, with `keyId`, from the API key's
 * too, in the shared counters (one statement). Answers X-MBX-USED-WEIGHT-1M (and the older
 * X-MBX-USED-WEIGHT) with what the address has used this minute; past either budget, 429 with
 * Retry-After (seconds to the end of that minute) and Binance's -1003, having done nothing.
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
  const keys = [`bapi:ip:${clientNetwork(request.ip)}`, ...(keyId ? [`bapi:key:${keyId}`] : [])];
  const budgets = [limits.weightPerMinutePerAddress, limits.weightPerMinutePerKey];
  const used = await hitCounters(ctx.db, keys, MINUTE_MS, now, weight);
  const address = used[0]!;
  reply.header('x-mbx-used-weight-1m', String(address.count));
  reply.header('x-mbx-used-weight', String(address.count));
  const over = used.findIndex((state, i) => state.count > budgets[i]!);
  if (over >= 0) {
    const ends = used[over]!.windowEndsAt.getTime();
    reply.header('retry-after', String(Math.max(1, Math.ceil((ends - now.getTime()) / 1000))));
    throw binanceError(429, 'tooManyRequests', { limit: String(budgets[over]) });
  }
}
