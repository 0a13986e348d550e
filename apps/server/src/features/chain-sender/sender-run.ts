import { NATIVE_TRANSFER_GAS } from '@exchange/domain';
import type { Logger } from 'pino';
import { type Address, type Hex, keccak256, type PublicClient } from 'viem';
import type { ChainSettings } from '../../platform/chain/chain-config';
import type { ChainSenderSettings } from '../../platform/chain/chain-sender-config';
import type { ChainSigner, ChainTxHandler, ChainTxPurpose } from '../../platform/chain/chain-sender-types';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { ChainTxRow } from './chain-sender.repository';
import { signerKeyOf } from './chain-sender.repository';

/** What one run of a chain's sender works with. */
export interface SenderRun {
  readonly db: Db;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly chain: ChainSettings;
  readonly client: PublicClient;
  readonly signer: ChainSigner;
  readonly settings: ChainSenderSettings;
  readonly handlers: ReadonlyMap<ChainTxPurpose, ChainTxHandler>;
  /** Test hook: runs right after a signed transaction is stored and before it is broadcast. */
  readonly afterStore?: (row: ChainTxRow) => void;
  /** What was last logged of each row in trouble, so a run every second does not repeat it. */
  readonly said: Map<string, string>;
}

/** Logs a row's trouble once, until it changes (the job runs every poll; the log need not). */
export function warnOnce(
  run: SenderRun,
  row: ChainTxRow,
  what: string,
  fields: Record<string, unknown>,
): void {
  if (run.said.get(row.id) === what) return;
  if (run.said.size > 10_000) run.said.clear();
  run.said.set(row.id, what);
  run.logger.warn({ id: row.id, chain: row.chain, purpose: row.purpose, ...fields }, what);
}

export interface SignedTx {
  readonly raw: Hex;
  readonly hash: Hex;
}

/** Signs the row's transaction with the given nonce, gas and fees (EIP-1559). */
export async function signRow(
  run: SenderRun,
  row: ChainTxRow,
  fields: { nonce: number; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<SignedTx> {
  const transaction = {
    type: 'eip1559',
    chainId: run.chain.chainId,
    nonce: fields.nonce,
    to: row.toAddress as Address,
    value: BigInt(row.value),
    data: (row.data ?? undefined) as Hex | undefined,
    gas: fields.gas,
    maxFeePerGas: fields.maxFeePerGas,
    maxPriorityFeePerGas: fields.maxPriorityFeePerGas,
  } as const;
  // The signer is told which outbox row this is: a signer process reads the row itself (issue 43).
  const raw = await run.signer.sign({
    kind: 'transaction',
    outboxId: row.id,
    key: signerKeyOf(row.fromKey),
    transaction,
  });
  return { raw, hash: keccak256(raw) };
}

/** A cancel's gas: a plain transfer with no data. */
export const CANCEL_GAS = NATIVE_TRANSFER_GAS;

/**
 * Signs the cancel of a stuck row (issue 43): a zero-value transfer from the row's address to itself,
 * no data, with the row's nonce and the given (bumped) fees. Once mined it uses the nonce, so the row's
 * own transaction can never be, and the row may end FAILED. The only way a cancel is signed.
 */
export async function signCancel(
  run: SenderRun,
  row: ChainTxRow,
  fields: { nonce: number; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<SignedTx> {
  const transaction = {
    type: 'eip1559',
    chainId: run.chain.chainId,
    nonce: fields.nonce,
    to: row.fromAddress as Address,
    value: 0n,
    gas: CANCEL_GAS,
    maxFeePerGas: fields.maxFeePerGas,
    maxPriorityFeePerGas: fields.maxPriorityFeePerGas,
  } as const;
  const raw = await run.signer.sign({
    kind: 'cancel',
    outboxId: row.id,
    key: signerKeyOf(row.fromKey),
    transaction,
  });
  return { raw, hash: keccak256(raw) };
}

/** Every hash the row's transaction has had: the current one first, then those it replaced. */
export function hashesOf(row: ChainTxRow): Hex[] {
  return [row.txHash, ...row.replacedHashes].filter((hash): hash is Hex => Boolean(hash));
}
