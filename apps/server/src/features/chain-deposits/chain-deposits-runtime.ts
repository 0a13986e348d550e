import { CHAIN_DEPOSIT_EVENT } from '@exchange/contracts';
import { z } from 'zod';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { bitcoinRpc } from '../../platform/chain/bitcoin/bitcoin-rpc';
import { chainClient } from '../../platform/chain/evm/evm-client';
import type { PgListener } from '../../platform/pg-listener';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import type { WsHub } from '../../platform/ws-hub';
import { USER_CHANNEL } from '../ledger/balance-events';
import { bitcoinWatcherJob } from './bitcoin-watcher';
import { CHAIN_DEPOSIT_CHANNEL } from './chain-credit';
import { chainDepositExportRoutes } from './chain-deposit-export.routes';
import { chainDepositKycRoutes, chainDepositUserRoutes } from './chain-deposits.routes';
import { chainWatcherJob } from './chain-watcher';

export interface ChainDepositsRuntime {
  /** One watcher job per configured chain, for the scheduler. */
  readonly jobs: readonly ScheduledJob[];
  userRoutes(app: ZodApi): void;
  kycRoutes(app: ZodApi): void;
}

const eventSchema = z.object({ user_id: z.string().min(1), deposit: z.record(z.string(), z.unknown()) });

/**
 * On-chain deposits (issue 37) wired for one app: a client per configured chain, the routes, a
 * watcher job per chain, and the bridge that tells a deposit's owner on the private 'user' channel
 * (`{ type: 'chain_deposit', deposit }`), whichever process the watcher ran in.
 */
export function createChainDeposits(ctx: AppContext, hub: WsHub, listener: PgListener): ChainDepositsRuntime {
  const { config } = ctx;
  const clients = new Map(config.chains.map((chain) => [chain.key, chainClient(chain)]));
  // Bitcoin-family chains (issue 47) share the rows, the routes and the credit; their node and watcher are their own.
  const bitcoinRpcs = new Map(config.bitcoinChains.map((chain) => [chain.key, bitcoinRpc(chain.rpcUrl)]));
  const chains = [...config.chains, ...config.bitcoinChains];
  const bitcoinSends = Boolean(config.chainSigner?.signBitcoinBatch);
  const deps = {
    db: ctx.db,
    logger: ctx.logger,
    chains,
    clients,
    bitcoinRpcs,
    xpub: config.chainXpub,
    bitcoinSends,
  };
  listener.on(CHAIN_DEPOSIT_CHANNEL, (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const event = eventSchema.safeParse(parsed);
    if (!event.success) return;
    hub.publishToUser(USER_CHANNEL, event.data.user_id, {
      type: CHAIN_DEPOSIT_EVENT,
      deposit: event.data.deposit,
    });
  });
  return {
    jobs: [
      ...config.chains.map((chain) =>
        chainWatcherJob(deps, chain, clients.get(chain.key)!, config.chainPollMs),
      ),
      ...config.bitcoinChains.map((chain) =>
        bitcoinWatcherJob(deps, chain, bitcoinRpcs.get(chain.key)!, config.chainPollMs),
      ),
    ],
    userRoutes: (app) => {
      chainDepositUserRoutes(app, deps);
      chainDepositExportRoutes(app, deps, ctx.clock);
    },
    kycRoutes: (app) => chainDepositKycRoutes(app, deps),
  };
}
