import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
import type { ChainConfig, ChainSettings } from '../../platform/chain/chain-config';
import type { ChainSenderSettings } from '../../platform/chain/chain-sender-config';
import type {
  ChainSender,
  ChainSigner,
  ChainTxHandler,
  ChainTxPurpose,
} from '../../platform/chain/chain-sender-types';
import { chainClient } from '../../platform/chain/evm/evm-client';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { broadcastRow } from './broadcast-chain-tx';
import { type ChainTxRow, insertChainTx, rowsInStatus, stuckAddresses } from './chain-sender.repository';
import { followRow } from './follow-chain-tx';
import type { SenderRun } from './sender-run';
import { signQueuedRow } from './sign-chain-tx';
import { listStuckChainTxs } from './stuck-chain-txs';

export interface ChainSenderDeps {
  readonly db: Db;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly chains: readonly ChainSettings[];
  /** Null when only the extended public key is known (watch-only): nothing is sent. */
  readonly signer: ChainSigner | null;
  readonly settings: ChainSenderSettings;
  readonly pollMs: number;
  /** Test hook: runs right after a signed transaction is stored and before it is broadcast. */
  readonly afterStore?: (row: ChainTxRow) => void;
}

/** The app's sender (app.ts): the configured chains, the signer the seed words gave, the settings. */
export function chainSenderOf(base: {
  db: Db;
  logger: Logger;
  clock: Clock;
  config: ChainConfig;
}): ChainSender {
  const { config } = base;
  return createChainSender({
    ...base,
    chains: config.chains,
    signer: config.chainSigner,
    settings: config.chainSenderSettings,
    pollMs: config.chainPollMs,
  });
}

/** The scheduled job's name for a chain: one sender (the leader) per chain among the processes. */
export function chainSenderJobName(chain: string): string {
  return `chain-sender:${chain}`;
}

/**
 * The chain sender (issues 37, 38, 40): an outbox other features write to in their own transaction,
 * and one job per chain that, in each address's nonce order, follows what is out (confirming, replacing,
 * re-sending, cancelling what is stuck), broadcasts what is signed, and signs what is queued, storing
 * the signed bytes before they are broadcast. A transaction handed to a node ends FAILED only when its
 * nonce is used by another one mined deep enough (issue 43). See docs/custody.md.
 */
export function createChainSender(deps: ChainSenderDeps): ChainSender {
  const handlers = new Map<ChainTxPurpose, ChainTxHandler>();
  const chains = new Map(deps.chains.map((chain) => [chain.key, chain]));
  let toldWatchOnly = false;
  const said = new Map<string, string>();

  function runOf(chain: ChainSettings, client: PublicClient, signer: ChainSigner): SenderRun {
    return { ...deps, chain, client, signer, handlers, afterStore: deps.afterStore, said };
  }

  async function runChain(chain: ChainSettings, client: PublicClient): Promise<void> {
    if (!deps.signer) {
      if (!toldWatchOnly)
        deps.logger.warn(
          { chain: chain.key },
          'chain sender: no seed words (CHAIN_XPUB only, watch-only): no transaction is sent',
        );
      toldWatchOnly = true;
      return;
    }
    const run = runOf(chain, client, deps.signer);
    const head = await client.getBlockNumber({ cacheTime: 0 });
    for (const row of await rowsInStatus(deps.db, chain.key, ['BROADCAST']))
      await guarded(row, () => followRow(run, row, head));
    // An address with a stuck transaction signs nothing new until the stuck one ends: its nonce is
    // held, and what refused it (no funds, a node behind) would refuse the next one too.
    const blocked = new Set<string>(await stuckAddresses(deps.db, chain.key));
    for (const row of await rowsInStatus(deps.db, chain.key, ['SIGNED'])) {
      if (blocked.has(row.fromAddress)) continue;
      const sent = await guarded(row, () => broadcastRow(run, row));
      if (sent !== 'sent') blocked.add(row.fromAddress);
    }
    for (const row of await rowsInStatus(deps.db, chain.key, ['QUEUED'])) {
      if (blocked.has(row.fromAddress)) continue;
      const signed = await guarded(row, () => signQueuedRow(run, row));
      const sent = signed ? await guarded(signed, () => broadcastRow(run, signed)) : undefined;
      if (sent !== 'sent') blocked.add(row.fromAddress);
    }
  }

  /**
   * One row's step; its failure leaves the row for the next run, never the others, and is logged
   * once until it changes (a missing handler or a node away would otherwise log every poll).
   */
  async function guarded<T>(row: ChainTxRow, step: () => Promise<T>): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      const what = `failed: ${error instanceof Error ? error.message : String(error)}`;
      if (said.get(row.id) !== what) {
        if (said.size > 10_000) said.clear();
        said.set(row.id, what);
        deps.logger.error(
          { err: error, id: row.id, chain: row.chain, purpose: row.purpose },
          'chain sender: step failed',
        );
      }
      return undefined;
    }
  }

  return {
    async enqueue(tx, request) {
      if (!chains.has(request.chain))
        throw new Error(`chain sender: chain ${request.chain} is not configured`);
      if (!deps.signer) throw new Error(`chain sender: chain ${request.chain} is watch-only (no seed words)`);
      if (request.value < 0n) throw new Error('chain sender: a negative value');
      return insertChainTx(tx, request, deps.signer.address(request.from));
    },
    handle(purpose, handler) {
      handlers.set(purpose, handler);
    },
    stuck: () => listStuckChainTxs(deps.db),
    hotWalletAddress(chain) {
      return chains.has(chain) && deps.signer ? deps.signer.address({ kind: 'hot' }) : null;
    },
    jobs: deps.chains.map((chain) => {
      const client = chainClient(chain);
      return {
        name: chainSenderJobName(chain.key),
        everyMs: deps.pollMs,
        run: () => runChain(chain, client),
      };
    }),
  };
}
