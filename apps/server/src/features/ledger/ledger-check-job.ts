import type { AppContext } from '../../platform/app-context';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import type { HoldSource } from './hold-sources';
import { verifyLedger } from './verify-ledger';

/** Where the periodic check reports: the metrics' gauges, in the process that ran it. */
export interface LedgerCheckSink {
  report(check: { consistent: boolean; checkedAt: Date }): void;
}

/**
 * Recomputes the ledger every LEDGER_CHECK_INTERVAL_SECONDS in one process (it reads every posting,
 * so running it everywhere would only multiply the load) and reports the result to the metrics; a
 * breach is also logged at error level with what was found, for the alert that follows the gauge.
 */
export function ledgerCheckJob(
  ctx: AppContext,
  holdSources: readonly HoldSource[],
  sink: LedgerCheckSink,
): ScheduledJob {
  return {
    name: 'ledger-check',
    everyMs: ctx.config.ledgerCheckIntervalSeconds * 1000,
    async run(now) {
      const check = await verifyLedger(ctx.db, { holdSources, now: () => now });
      sink.report(check);
      if (!check.consistent)
        ctx.logger.error(
          { breaches: check.breaches.length },
          'ledger check found breaches: run npm run ledger:verify',
        );
    },
  };
}
