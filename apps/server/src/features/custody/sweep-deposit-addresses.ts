import {
  chainAmountToMinor,
  decideSweep,
  getAsset,
  isAssetCode,
  NATIVE_TRANSFER_GAS,
  parseDecimal,
  TOKEN_TRANSFER_GAS,
} from '@exchange/domain';
import type { Logger } from 'pino';
import { type Address, encodeFunctionData, erc20Abi, type PublicClient } from 'viem';
import type { ChainSettings, ChainToken } from '../../platform/chain/chain-config';
import type { ChainTxHandler, ChainTxPurpose, ChainTxRequest } from '../../platform/chain/chain-sender-types';
import type { ChainSweepSettings } from '../../platform/chain/chain-sweep-config';
import { coinBalance } from '../../platform/chain/evm/evm-client';
import type { Db, DbOrTx } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import {
  type NewSweep,
  type SweepCandidate,
  startSweepRound,
  sweepCandidates,
} from './chain-sweeps.repository';

/** What sweeping needs of the chain sender (features/chain-sender): its outbox, handlers and hot wallet. */
export interface SweepSender {
  enqueue(tx: DbOrTx, request: ChainTxRequest): Promise<{ id: string; created: boolean }>;
  handle(purpose: ChainTxPurpose, handler: ChainTxHandler): void;
  hotWalletAddress(chain: string): Address | null;
}

export interface ChainSweepDeps {
  readonly db: Db;
  readonly logger: Logger;
  readonly chains: readonly ChainSettings[];
  readonly sender: SweepSender;
  readonly settings: ChainSweepSettings;
}

/** Addresses one run looks at per coin (a backlog is swept over several runs). */
const CANDIDATES_PER_RUN = 100;

export function chainSweepJobName(chain: string): string {
  return `chain-sweep:${chain}`;
}

/** The sweep job of one chain, on the scheduler's leader (platform/scheduled-jobs.ts). */
export function chainSweepJob(
  deps: ChainSweepDeps,
  settings: ChainSettings,
  client: PublicClient,
): ScheduledJob {
  return {
    name: chainSweepJobName(settings.key),
    everyMs: deps.settings.everyMs,
    run: () => sweepOnce(deps, settings, client),
  };
}

/** The token transfer of `amount` to `to`, as a sweep's call data. */
export function tokenTransferData(to: Address, amount: bigint) {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
}

/** The least balance of a coin worth sweeping, in its chain units. */
function thresholdOf(settings: ChainSweepSettings, token: ChainToken): bigint {
  return parseDecimal(token.contract ? settings.minToken : settings.minNative, token.decimals) ?? 0n;
}

/**
 * One run over a chain: tokens first (an address's own native coins then pay its token sweep's gas),
 * then the native coin; at most one sweep per address per run, so a token sweep's gas is never swept
 * away beside it. Each candidate address's balance is read from the chain, the domain decides
 * (decideSweep), and the round's row and its first transaction (a SWEEP, or the GAS_TOPUP a token
 * sweep waits for) are written in one database transaction. The outcomes move the row on
 * (sweep-outcomes.ts).
 */
export async function sweepOnce(deps: ChainSweepDeps, settings: ChainSettings, client: PublicClient) {
  const hot = deps.sender.hotWalletAddress(settings.key);
  if (!hot) return;
  const fees = await client.estimateFeesPerGas();
  const touched = new Set<string>();
  const ordered = [...settings.tokens].sort(
    (a, b) => Number(a.contract === null) - Number(b.contract === null),
  );
  for (const token of ordered) {
    if (!isAssetCode(token.asset)) continue;
    for (const candidate of await sweepCandidates(deps.db, settings.key, token.asset, CANDIDATES_PER_RUN)) {
      if (touched.has(candidate.address)) continue;
      touched.add(candidate.address);
      try {
        await sweepAddress(deps, settings, client, token, candidate, hot, fees.maxFeePerGas);
      } catch (error) {
        deps.logger.error(
          { err: error, chain: settings.key, address: candidate.address, asset: token.asset },
          'chain sweep: the address was not swept this run',
        );
      }
    }
  }
}

async function sweepAddress(
  deps: ChainSweepDeps,
  settings: ChainSettings,
  client: PublicClient,
  token: ChainToken,
  candidate: SweepCandidate,
  hot: Address,
  maxFeePerGas: bigint,
): Promise<void> {
  const address = candidate.address as Address;
  const nativeBalance = await client.getBalance({ address });
  const balance = token.contract ? await coinBalance(client, token, address) : nativeBalance;
  const gasLimit = token.contract
    ? await client
        .estimateContractGas({
          address: token.contract as Address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [hot, balance],
          account: address,
        })
        // The domain's most a token transfer may use, when the node cannot estimate it.
        .catch(() => TOKEN_TRANSFER_GAS)
    : NATIVE_TRANSFER_GAS;
  const decision = decideSweep({
    token: token.contract !== null,
    balance,
    threshold: thresholdOf(deps.settings, token),
    gasLimit,
    maxFeePerGas,
    nativeBalance,
  });
  const scale = getAsset(token.asset as Parameters<typeof getAsset>[0]).scale;
  const base = {
    chain: settings.key,
    address: candidate.address,
    addressIndex: candidate.addressIndex,
    asset: token.asset,
    coversBlock: candidate.newestBlock,
  };
  const deposit = { kind: 'deposit', index: candidate.addressIndex } as const;
  await deps.db.transaction(async (tx) => {
    if (decision.kind === 'skip') {
      const sweep: NewSweep = {
        ...base,
        status: 'SKIPPED',
        amountRaw: balance,
        amount: chainAmountToMinor(balance, token.decimals, scale),
        gasTopUpRaw: 0n,
        reason: decision.reason,
      };
      await startSweepRound(tx, sweep);
      return;
    }
    const amountRaw = decision.kind === 'native' ? decision.value : decision.amount;
    const gasTopUpRaw = decision.kind === 'token' ? decision.gasTopUp : 0n;
    const row = await startSweepRound(tx, {
      ...base,
      status: gasTopUpRaw > 0n ? 'TOPPING_UP' : 'SENDING',
      amountRaw,
      amount: chainAmountToMinor(amountRaw, token.decimals, scale),
      gasTopUpRaw,
    });
    if (!row) return;
    if (gasTopUpRaw > 0n)
      await deps.sender.enqueue(tx, {
        chain: settings.key,
        purpose: 'GAS_TOPUP',
        reference: row.id,
        from: { kind: 'hot' },
        to: address,
        value: gasTopUpRaw,
      });
    else
      await deps.sender.enqueue(tx, {
        chain: settings.key,
        purpose: 'SWEEP',
        reference: row.id,
        from: deposit,
        ...(token.contract
          ? { to: token.contract as Address, value: 0n, data: tokenTransferData(hot, amountRaw) }
          : { to: hot, value: amountRaw }),
      });
  });
}
