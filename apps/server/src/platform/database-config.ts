import { z } from 'zod';
import type { DbLimits } from './db';

/**
 * Where PostgreSQL is and the limits each session runs under: the environment variables (spread into
 * config.ts's env schema, so they are documented and parsed with the rest) and their typed settings.
 */
export const databaseEnv = {
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  EMBEDDED_PG_STATEMENT_STATS: z.enum(['on', 'off']).default('off'),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DB_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
};

type DatabaseEnv = z.output<z.ZodObject<typeof databaseEnv>>;

export interface DatabaseConfig {
  /** Undefined means: start embedded PostgreSQL under dataDir/pg. */
  readonly databaseUrl: string | undefined;
  readonly embeddedPgPort: number;
  /** Load pg_stat_statements into the embedded cluster (for profiling; `npm run bench:http` reads it). */
  readonly embeddedPgStatementStats: boolean;
  /** Per-session database limits (platform/db.ts); 0 switches one off. */
  readonly dbLimits: DbLimits;
}

export function databaseConfig(env: DatabaseEnv): DatabaseConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    embeddedPgStatementStats: env.EMBEDDED_PG_STATEMENT_STATS === 'on',
    dbLimits: {
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireTimeoutMs: env.DB_POOL_ACQUIRE_TIMEOUT_MS,
    },
  };
}
