import { hotWalletResponseSchema, messages as m, type StuckChainTx } from '@exchange/contracts';
import type { PublicClient } from 'viem';
import type { AppContext, ZodApi } from '../../../platform/app-context';
import type { ChainTxHandler, ChainTxPurpose } from '../../../platform/chain/chain-sender-types';
import { chainClient } from '../../../platform/chain/evm/evm-client';
import type { ScheduledJob } from '../../../platform/scheduled-jobs';
import { getHotWallet } from '../hot-wallet/get-hot-wallet';
import { utxoBatchAdminRoutes } from '../utxo-sends/utxo-batch-admin.routes';
import { createUtxoSends, type UtxoSendsRuntime } from '../utxo-sends/utxo-sends-runtime';
import { chainWithdrawalHandler } from './chain-withdrawal-handler';
import { sendChainWithdrawals, type WithdrawalOutbox } from './send-chain-withdrawals';

export const CHAIN_WITHDRAWAL_JOB = 'withdrawals:chain-sends';
/** The job looks at least this often (the chain's poll interval when that is longer). */
const EVERY_MS = 5_000;

/** The chain sender as coin withdrawals use it. */
export interface WithdrawalChainSender extends WithdrawalOutbox {
  handle(purpose: ChainTxPurpose, handler: ChainTxHandler): void;
  /** Its stuck transactions, shown beside the hot wallets (issue 43). */
  stuck(): Promise<StuckChainTx[]>;
}

export interface ChainWithdrawalsRuntime {
  /** The leader's job that sends approved coin withdrawals. */
  readonly job: ScheduledJob;
  /** Tests tick it directly. */
  runOnce(): Promise<void>;
  adminRoutes(app: ZodApi): void;
  /** Bitcoin-family coins (LTC, issue 47): their batches, signed by the signer, a job per chain. */
  readonly utxo: UtxoSendsRuntime;
}

/**
 * Coin withdrawals wired for one app: the WITHDRAWAL handler registered with the chain sender, a
 * client per configured chain, the sending job and the admin's hot wallet view (with the chain sender's
 * stuck transactions).
 */
export function createChainWithdrawals(
  ctx: AppContext,
  sender: WithdrawalChainSender,
): ChainWithdrawalsRuntime {
  sender.handle('WITHDRAWAL', chainWithdrawalHandler(ctx));
  const clients = new Map<string, PublicClient>(
    ctx.config.chains.map((chain) => [chain.key, chainClient(chain)]),
  );
  const runOnce = () => sendChainWithdrawals(ctx, sender, clients);
  const utxo = createUtxoSends(ctx);
  return {
    job: { name: CHAIN_WITHDRAWAL_JOB, everyMs: Math.max(EVERY_MS, ctx.config.chainPollMs), run: runOnce },
    runOnce,
    utxo,
    adminRoutes(app) {
      app.get('/admin/hot-wallet', { schema: { response: { 200: hotWalletResponseSchema } } }, async () => ({
        status: true,
        message: m.hotWalletLoaded,
        data: {
          content: await getHotWallet(ctx, sender, clients),
          stuck: await sender.stuck(),
        },
      }));
      // Litecoin batches in flight and their replace-by-fee (issue 47).
      utxoBatchAdminRoutes(app, utxo);
    },
  };
}
