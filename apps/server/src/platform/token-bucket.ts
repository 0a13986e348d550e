/**
 * A token bucket: holds at most `burst` tokens, starts full and refills at `perSecond` tokens a
 * second (fractions kept), read against the caller's clock in milliseconds. Each `take` spends one
 * token, or fails without spending when fewer than one is left. It keeps no timer: the refill is
 * worked out from the time of the last take.
 */
export interface TokenBucket {
  take(nowMs: number): boolean;
}

export function createTokenBucket(options: { perSecond: number; burst: number }): TokenBucket {
  let tokens = options.burst;
  let lastMs: number | null = null;
  return {
    take(nowMs) {
      if (lastMs !== null && nowMs > lastMs)
        tokens = Math.min(options.burst, tokens + ((nowMs - lastMs) / 1000) * options.perSecond);
      lastMs = nowMs;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
