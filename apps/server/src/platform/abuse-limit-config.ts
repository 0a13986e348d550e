import { z } from 'zod';

/**
 * The limits on the two costly things a client can make the server do for it: decode and re-encode
 * an image (CPU and memory), and read WebSocket frames (an `auth` frame is a database read). Their
 * environment variables are spread into rate-limit-config.ts, and from there into config.ts's env
 * schema, so they are documented and parsed with the rest.
 */
export const abuseLimitEnv = {
  UPLOAD_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  UPLOAD_DAILY_MAX_FILES: z.coerce.number().int().positive().default(50),
  UPLOAD_DAILY_MAX_MB: z.coerce.number().int().positive().max(100_000).default(100),
  UPLOAD_IMAGE_JOBS: z.coerce.number().int().min(1).max(64).default(2),
  UPLOAD_IMAGE_JOB_WAIT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
  WS_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  WS_FRAMES_PER_SECOND: z.coerce.number().int().positive().default(10),
  WS_FRAME_BURST: z.coerce.number().int().positive().default(40),
  WS_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(6),
};

type AbuseLimitEnv = { [K in keyof typeof abuseLimitEnv]: z.output<(typeof abuseLimitEnv)[K]> };

export interface AbuseLimitConfig {
  /**
   * Image uploads per user, both upload routes together: a per-minute budget, a daily budget of
   * files and of received kibibytes (counted in the shared PostgreSQL counters, so every process
   * shares them), and how many images one process decodes at once. An upload that finds every slot
   * taken waits up to `jobWaitMs` and is then answered 503, so a burst queues instead of running
   * every decoder at once.
   */
  readonly uploadLimits: {
    readonly perMinute: number;
    readonly dailyFiles: number;
    readonly dailyKib: number;
    readonly imageJobs: number;
    readonly jobWaitMs: number;
  };
  /**
   * WebSocket limits: open sockets per client network (an IPv6 /64 is one network, as for the HTTP
   * limits), and each socket's frame budget: a token bucket of `framesPerSecond` with room for a
   * burst of `frameBurst`, and a separate bucket for `auth` frames (each one a database read) of
   * `authPerMinute` that holds as many.
   */
  readonly wsLimits: {
    readonly maxConnectionsPerAddress: number;
    readonly framesPerSecond: number;
    readonly frameBurst: number;
    readonly authPerMinute: number;
  };
}

export function abuseLimitConfig(env: AbuseLimitEnv): AbuseLimitConfig {
  return {
    uploadLimits: {
      perMinute: env.UPLOAD_LIMIT_PER_MINUTE,
      dailyFiles: env.UPLOAD_DAILY_MAX_FILES,
      dailyKib: env.UPLOAD_DAILY_MAX_MB * 1024,
      imageJobs: env.UPLOAD_IMAGE_JOBS,
      jobWaitMs: env.UPLOAD_IMAGE_JOB_WAIT_MS,
    },
    wsLimits: {
      maxConnectionsPerAddress: env.WS_CONNECTIONS_PER_ADDRESS,
      framesPerSecond: env.WS_FRAMES_PER_SECOND,
      frameBurst: env.WS_FRAME_BURST,
      authPerMinute: env.WS_AUTH_PER_MINUTE,
    },
  };
}
