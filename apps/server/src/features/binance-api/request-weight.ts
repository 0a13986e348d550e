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
   * Spends a request's weight from its client network's budget, before anything else is done for it
   * (a signed request's key is looked up only after). Answers X-MBX-USED-WEIGHT-1M (and the older
   * X-MBX-USED-WEIGHT) with what the address has used this minute; past the budget, 429 with
   * Retry-After (seconds to the end of that minute) and Binance's -1003, having done nothing.
   */
  spend(request: FastifyRequest, reply: FastifyReply, weight: number): void;
  /** Spends a signed request's weight from its API key's budget too, once the key is known; past it, the same 429. */
  spendKey(reply: FastifyReply, weight: number, keyId: string): void;
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
  const counters = createBatchedCounters({
    db: ctx.db,
    clock: ctx.clock,
    logger: ctx.logger,
    windowMs: MINUTE_MS,
    flushEveryMs: WEIGHT_SHARED_EVERY_MS,
  });
  /** 429 with Retry-After and -1003 when `used` is past `budget`. */
  const refuseOver = (reply: FastifyReply, used: { count: number; windowEndsAt: Date }, budget: number) => {
    if (used.count <= budget) return;
    const seconds = Math.max(1, Math.ceil((used.windowEndsAt.getTime() - ctx.clock.now().getTime()) / 1000));
    reply.header('retry-after', String(seconds));
    throw binanceError(429, 'tooManyRequests', { limit: String(budget) });
  };
  return {
    spend(request, reply, weight) {
      const [address] = counters.hit([`bapi:ip:${clientNetwork(request.ip)}`], weight);
      reply.header('x-mbx-used-weight-1m', String(address!.count));
      reply.header('x-mbx-used-weight', String(address!.count));
      refuseOver(reply, address!, limits.weightPerMinutePerAddress);
    },
    spendKey(reply, weight, keyId) {
      const [key] = counters.hit([`bapi:key:${keyId}`], weight);
      refuseOver(reply, key!, limits.weightPerMinutePerKey);
    },
    close: () => counters.close(),
  };
}
