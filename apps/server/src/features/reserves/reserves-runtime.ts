import type { AppContext, ZodApi } from '../../platform/app-context';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { makeReserveReport, type ReserveProvers } from './make-reserve-report';
import { evmAssetProver } from './prove-chain-assets';
import { latestReportAt } from './reserves.repository';
import { reservesAdminRoutes, reservesPublicRoutes, reservesUserRoutes } from './reserves.routes';

/** A report is made when the latest is this old (daily by default: issue 49). */
export const RESERVES_REPORT_EVERY_MS = 24 * 60 * 60 * 1000;
/** How often the job looks: a missed day (a stopped server) is caught up within this. */
const RESERVES_CHECK_EVERY_MS = 15 * 60 * 1000;

export interface ReservesRuntime {
  readonly provers: ReserveProvers;
  /** Makes a report when the latest is a day old; its first run at start makes the first report. */
  readonly job: ScheduledJob;
  publicRoutes(scope: ZodApi): void;
  userRoutes(scope: ZodApi): void;
  adminRoutes(scope: ZodApi): void;
}

/** Proof of reserves wired for one app: the provers per chain family and the daily report job. */
export function createReserves(ctx: AppContext): ReservesRuntime {
  const provers: ReserveProvers = {
    byFamily: {
      evm: evmAssetProver({
        db: ctx.db,
        logger: ctx.logger,
        signer: ctx.config.chainSigner,
        hotWalletAddress: (chain) => ctx.chainSender.hotWalletAddress(chain),
        coldWallets: ctx.config.chainSweeps.coldWallets,
      }),
    },
  };
  return {
    provers,
    publicRoutes: (scope) => reservesPublicRoutes(scope, ctx),
    userRoutes: (scope) => reservesUserRoutes(scope, ctx),
    adminRoutes: (scope) => reservesAdminRoutes(scope, ctx, provers),
    job: {
      name: 'reserves-report',
      everyMs: RESERVES_CHECK_EVERY_MS,
      async run(now) {
        const latest = await latestReportAt(ctx.db);
        if (latest && now.getTime() - latest.getTime() < RESERVES_REPORT_EVERY_MS) return;
        const row = await makeReserveReport(ctx, provers, { trigger: 'SCHEDULE' });
        ctx.logger.info(
          { report: row.id, seq: row.seq, leaves: row.leaf_count },
          'proof of reserves: report made',
        );
      },
    },
  };
}
