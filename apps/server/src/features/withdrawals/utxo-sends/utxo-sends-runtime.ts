import type { AppContext } from '../../../platform/app-context';
import { type BitcoinRpc, bitcoinRpc } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import type { ScheduledJob } from '../../../platform/scheduled-jobs';
import type { HotWallets } from '../coin-sends/coin-destination';
import { runUtxoSends } from './run-utxo-sends';
import type { UtxoDeps } from './utxo-deps';
import { changeAddressOf } from './utxo-wallet';

/** The job looks at least this often (the chain's poll interval when that is longer). */
const EVERY_MS = 5_000;

export interface UtxoSendsRuntime {
  /** One job per Bitcoin-family chain (the leader's): builds, signs, stores, broadcasts and follows batches. */
  readonly jobs: readonly ScheduledJob[];
  /** The EVM sender's hot wallets with each Bitcoin-family chain's internal address beside them. */
  wallets(evm: HotWallets): HotWallets;
  /** Tests tick one chain directly. */
  runOnce(chain: string): Promise<void>;
  readonly deps: UtxoDeps;
  rpcOf(chain: string): BitcoinRpc;
  /** The Bitcoin-family chains it sends on (BITCOIN_CHAINS). */
  readonly chains: readonly ChainSettings[];
}

/**
 * Litecoin (and any BITCOIN_CHAINS chain) withdrawals wired for one app (issue 47): the same requests,
 * two-factor, mail confirmation, limits, admin review and four eyes as EVM coins, then this sender in
 * place of the EVM one. A chain is withdrawable only when a signer can sign its batches (the in-process
 * signer in development and tests); otherwise its `hotWalletAddress` is null and a request is refused
 * as for a watch-only EVM chain.
 */
export function createUtxoSends(ctx: AppContext): UtxoSendsRuntime {
  const signer = ctx.config.chainSigner;
  const deps: UtxoDeps = { ...ctx, signer, feeBumpAfterMs: ctx.config.withdrawals.utxoFeeBumpAfterMs };
  const chains = ctx.config.bitcoinChains;
  const rpcs = new Map(chains.map((chain) => [chain.key, bitcoinRpc(chain.rpcUrl, { timeoutMs: 60_000 })]));
  const runOnce = async (key: string) => {
    const chain = chains.find((c) => c.key === key);
    if (!chain) throw new Error(`no Bitcoin-family chain ${key}`);
    await runUtxoSends(deps, chain, rpcs.get(key)!);
  };
  return {
    deps,
    chains,
    rpcOf: (key) => rpcs.get(key)!,
    jobs: chains.map((chain) => ({
      name: `utxo-sends:${chain.key}`,
      everyMs: Math.max(EVERY_MS, ctx.config.chainPollMs),
      run: async () => {
        try {
          await runOnce(chain.key);
        } catch (error) {
          ctx.logger.warn({ err: error, chain: chain.key }, 'utxo withdrawals: tried again next tick');
        }
      },
    })),
    wallets: (evm) => ({
      hotWalletAddress(key) {
        const chain = chains.find((c) => c.key === key);
        if (!chain) return evm.hotWalletAddress(key);
        return signer?.signBitcoinBatch ? changeAddressOf(chain) : null;
      },
    }),
    runOnce,
  };
}
