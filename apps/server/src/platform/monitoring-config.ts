import { z } from 'zod';

/**
 * What an operator watches: the ledger check's interval and who may read the metrics. Their
 * environment variables are spread into config.ts's env schema, so they are documented and parsed
 * with the rest.
 */
export const monitoringEnv = {
  LEDGER_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(300),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PUBLIC: z.enum(['on', 'off']).optional(),
};

type MonitoringEnv = z.output<z.ZodObject<typeof monitoringEnv>>;

export interface MonitoringConfig {
  /** How often one process recomputes the ledger for the exchange_ledger_consistent metric. */
  readonly ledgerCheckIntervalSeconds: number;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  readonly metricsToken: string | undefined;
  /** GET /metrics without METRICS_TOKEN answers anyone (default outside production) or 404. */
  readonly metricsPublic: boolean;
}

export function monitoringConfig(env: MonitoringEnv, production: boolean): MonitoringConfig {
  return {
    ledgerCheckIntervalSeconds: env.LEDGER_CHECK_INTERVAL_SECONDS,
    metricsToken: env.METRICS_TOKEN,
    metricsPublic: env.METRICS_PUBLIC ? env.METRICS_PUBLIC === 'on' : !production,
  };
}
