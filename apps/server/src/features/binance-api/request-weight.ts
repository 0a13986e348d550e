import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import { createBatchedCounters } from '../../platform/batched-counters';
import { clientNetwork } from '../../platform/client-address';
import { binanceError } from './binance-params';

const MINUTE_MS = 60_000;
/** How often a process shares the weight it counted (see platform/batched-counters.ts for the bound). */
export const WEIGHT_SHARED_EVERY_MS = 100;

/** Binance's weight of GET /api/v3/depth, which grows with the levels asked for. */
export function depthWeight(limit: number | undefined): number {
  const levels = limit ?? 100;
  if (levels <= 100) return 5;
  if (levels <= 500) return 25;
  if (levels <= 1000) return 50;
  return 250;
}

export interface RequestWeights {
  /**
   * Spends a request's weight from its client network's budget and, with `keyId`, from the API key's
   * too. Answers X-MBX-USED-WEIGHT-1M (and the older X-MBX-USED-WEIGHT) with what the address has
   * used this minute; past either budget, 429 with Retry-After (seconds to the end of that minute)
   * and Binance's -1003, having done nothing.
   */
  spend(request: FastifyRequest, reply: FastifyReply, weight: number, keyId?: string): void;
  close(): Promise<void>;
}

/**
 * The API's request weights, counted in this process's memory and shared with the other processes
 * through the PostgreSQL counters every WEIGHT_SHARED_EVERY_MS (platform/batched-counters.ts): a
 * request spends its weight without a statement of its own, and every process spends one budget per
 * address and per key, overshot across processes by at most what the others let through in one
 * sharing interval.
 */
export function createRequestWeights(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'logger'>,
): RequestWeights {
  const limits = ctx.config.binanceApiLimits;
  const budgets = [limits.weightPerMinutePerAddress, limits.weightPerMinutePerKey];
  const counters = createBatchedCounters({
    db: ctx.db,
    clock: ctx.clock,
    logger: ctx.logger,
    windowMs: MINUTE_MS,
    flushEveryMs: WEIGHT_SHARED_EVERY_MS,
  });
  return {
    spend(request, reply, weight, keyId) {
      const keys = [`bapi:ip:${clientNetwork(request.ip)}`, ...(keyId ? [`bapi:key:${keyId}`] : [])];
      const used = counters.hit(keys, weight);
      const address = used[0]!;
      reply.header('x-mbx-used-weight-1m', String(address.count));
      reply.header('x-mbx-used-weight', String(address.count));
      const over = used.findIndex((state, i) => state.count > budgets[i]!);
      if (over >= 0) {
        const ends = used[over]!.windowEndsAt.getTime();
        const seconds = Math.max(1, Math.ceil((ends - ctx.clock.now().getTime()) / 1000));
        reply.header('retry-after', String(seconds));
        throw binanceError(429, 'tooManyRequests', { limit: String(budgets[over]) });
      }
    },
    close: () => counters.close(),
  };
}
