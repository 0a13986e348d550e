import { createTokenBucket } from './token-bucket';

/**
 * Each socket's frame budget: a token bucket of `framesPerSecond` (default 10) holding `frameBurst`
 * (default 40) for every frame, and one of `authPerMinute` (default 6, holding as many) for `auth`
 * frames, each of which is a database read. A socket past either budget is sent `too_many_frames`
 * and closed with 1008 (policy violation), and the frames it sent meanwhile are ignored: dropping
 * frames one by one instead would leave a flooding client connected, every frame still parsed.
 */
export interface FrameBudgetOptions {
  readonly framesPerSecond?: number;
  readonly frameBurst?: number;
  readonly authPerMinute?: number;
}

/** One socket's budgets, read against the hub's clock in milliseconds. */
export interface FrameBudget {
  /** Spends one frame; false when none is left. */
  frame(nowMs: number): boolean;
  /** Spends one `auth` frame (on top of the frame itself); false when none is left. */
  auth(nowMs: number): boolean;
  /** Set once either budget ran out: the socket is closing and its frames are ignored. */
  spent: boolean;
}

/** A maker of fresh budgets, one per accepted socket. */
export function frameBudgets(options: FrameBudgetOptions): () => FrameBudget {
  const frames = { perSecond: options.framesPerSecond ?? 10, burst: options.frameBurst ?? 40 };
  const authPerMinute = options.authPerMinute ?? 6;
  const auths = { perSecond: authPerMinute / 60, burst: authPerMinute };
  return () => {
    const frameBucket = createTokenBucket(frames);
    const authBucket = createTokenBucket(auths);
    return {
      frame: (nowMs) => frameBucket.take(nowMs),
      auth: (nowMs) => authBucket.take(nowMs),
      spent: false,
    };
  };
}
