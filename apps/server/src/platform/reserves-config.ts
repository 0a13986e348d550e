import { z } from 'zod';

/**
 * Proof of reserves' schedule (issue 49): how old the latest report may grow before the report job
 * makes the next one. Spread into config.ts's env schema, so it is documented and parsed with the rest.
 */
export const reservesEnv = {
  RESERVES_REPORT_EVERY_HOURS: z.coerce.number().int().min(1).max(744).default(24),
};

type ReservesEnv = { [K in keyof typeof reservesEnv]: z.output<(typeof reservesEnv)[K]> };

export interface ReservesConfig {
  /** A report is made when the latest is this old (daily by default). */
  readonly reservesReportEveryMs: number;
}

export function reservesConfig(env: ReservesEnv): ReservesConfig {
  return { reservesReportEveryMs: env.RESERVES_REPORT_EVERY_HOURS * 60 * 60 * 1000 };
}
