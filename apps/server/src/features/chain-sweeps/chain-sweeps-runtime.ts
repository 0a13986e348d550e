import type { AppContext } from '../../platform/app-context';
import { chainClient } from '../../platform/chain/chain-client';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { type ChainHoldings, readChainHoldings } from './read-chain-holdings';
import { type ChainSweepDeps, chainSweepJob } from './sweep-deposit-addresses';
import { sweepHandlers } from './sweep-outcomes';

export interface ChainSweepsRuntime {
  /** One sweep job per configured chain, for the scheduler. */
  readonly jobs: readonly ScheduledJob[];
  /** Every chain's on-chain holdings beside its custody account, for the solvency panel. */
  holdings(): Promise<ChainHoldings[]>;
}

/**
 * Sweeping wired for one app (issue 37): the sender's handlers for sweeps and gas top-ups, a sweep job
 * per configured chain, and the chains' holdings for the solvency panel, each read with a short timeout.
 */
export function createChainSweeps(ctx: AppContext): ChainSweepsRuntime {
  const { config } = ctx;
  const deps: ChainSweepDeps = {
    db: ctx.db,
    logger: ctx.logger,
    chains: config.chains,
    sender: ctx.chainSender,
    settings: config.chainSweeps,
  };
  const handlers = sweepHandlers(deps);
  ctx.chainSender.handle('SWEEP', handlers.sweep);
  ctx.chainSender.handle('GAS_TOPUP', handlers.gasTopUp);
  const clients = new Map(config.chains.map((chain) => [chain.key, chainClient(chain)]));
  return {
    jobs: config.chains.map((chain) => chainSweepJob(deps, chain, clients.get(chain.key)!)),
    holdings: () => readChainHoldings(deps, clients),
  };
}
