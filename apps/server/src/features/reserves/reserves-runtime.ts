import type { AppContext, ZodApi } from '../../platform/app-context';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { makeReserveReport, type ReserveProvers } from './make-reserve-report';
import { bitcoinAssetProver } from './prove-bitcoin-assets';
import { evmAssetProver } from './prove-chain-assets';
import { latestReportAt } from './reserves.repository';
import { reservesAdminRoutes, reservesPublicRoutes, reservesUserRoutes } from './reserves.routes';

/** How often the job looks: a missed day (a stopped server) is caught up within this. */
const RESERVES_CHECK_EVERY_MS = 15 * 60 * 1000;

export interface ReservesRuntime {
  readonly provers: ReserveProvers;
  /**
   * Makes a report when the latest is RESERVES_REPORT_EVERY_HOURS old (daily by default); its first
   * run at start makes the first report.
   */
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
      bitcoin: bitcoinAssetProver({
        db: ctx.db,
        logger: ctx.logger,
        signer: ctx.config.chainSigner,
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
        if (latest && now.getTime() - latest.getTime() < ctx.config.reservesReportEveryMs) return;
        const row = await makeReserveReport(ctx, provers, { trigger: 'SCHEDULE' });
        ctx.logger.info(
          { report: row.id, seq: row.seq, leaves: row.leaf_count },
          'proof of reserves: report made',
        );
      },
    },
  };
}
