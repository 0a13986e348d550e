import type { SolvencyAsset, SolvencyChainLine } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { chainNodeFor } from '../../platform/chain/chain-nodes';
import { chainClient } from '../../platform/chain/evm/evm-client';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { readChainHoldings } from './read-chain-holdings';
import { chainLinesView } from './solvency-chain-lines';
import { type ChainSweepDeps, chainSweepJob } from './sweep-deposit-addresses';
import { sweepHandlers } from './sweep-outcomes';

export interface CustodyRuntime {
  /** One sweep job per configured chain, for the scheduler. */
  readonly jobs: readonly ScheduledJob[];
  /**
   * The solvency panel's chain lines: every chain's on-chain holdings, reconciled against its custody
   * account, beside the customer liabilities of the panel's asset lines.
   */
  solvencyLines(assets: readonly SolvencyAsset[]): Promise<SolvencyChainLine[]>;
}

/**
 * Custody wired for one app (issues 37, 43, 44): what the product holds on each chain, in one feature.
 * The sender's handlers for sweeps and gas top-ups, a sweep job per configured chain, and each
 * chain's reconciliation (read through its node, chosen by the chain's family, with a short timeout)
 * for the solvency panel.
 */
export function createCustody(ctx: AppContext): CustodyRuntime {
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
  // The panel reads the Bitcoin-family chains too (issue 47): their deposit addresses through their node.
  const read = { ...deps, chains: [...config.chains, ...config.bitcoinChains] };
  const nodes = new Map(read.chains.map((chain) => [chain.key, chainNodeFor(chain)]));
  return {
    // Sweeping is EVM's (gas top-ups, token transfer calls): it asks viem directly (docs/custody.md).
    jobs: config.chains.map((chain) => chainSweepJob(deps, chain, chainClient(chain))),
    solvencyLines: async (assets) =>
      chainLinesView(await readChainHoldings(read, nodes), assets, config.chainSweeps),
  };
}
