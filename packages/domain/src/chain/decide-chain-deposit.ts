import type { AssetCode } from '../assets';
import { type Posting, transferPostings, userAccount } from '../ledger';
import { custodyAccount } from './custody-accounts';

/**
 * On-chain deposits (issue 37), decided without the chain or the database: what an amount seen on the
 * chain is worth in the ledger, what becomes of a deposit as blocks pile on top of it, and the entry
 * that credits it.
 */

/** Blocks on top of (and including) a deposit's block: 1 in the head block, 0 when not yet mined. */
export function confirmationsOf(depositBlock: bigint, head: bigint): number {
  return head < depositBlock ? 0 : Number(head - depositBlock + 1n);
}

export type ChainDepositDecision = 'BELOW_MINIMUM' | 'PENDING' | 'CREDIT';

/**
 * What to do with a deposit still waiting: one under the minimum is recorded and never credited;
 * one with enough blocks on top is credited; any other keeps waiting.
 */
export function decideChainDeposit(input: {
  readonly amount: bigint;
  readonly minimum: bigint;
  readonly confirmations: number;
  readonly required: number;
}): ChainDepositDecision {
  if (input.amount <= 0n || input.amount < input.minimum) return 'BELOW_MINIMUM';
  return input.confirmations >= input.required ? 'CREDIT' : 'PENDING';
}

/**
 * The credit: the chain's custody account for the asset (coins the product now holds on that chain)
 * is debited and the customer's available balance credited, so customer liabilities and custody
 * holdings move together and the ledger stays balanced.
 */
export function chainDepositPostings(
  chain: string,
  userId: string,
  asset: AssetCode,
  amount: bigint,
): Posting[] {
  return transferPostings(custodyAccount(chain, asset), userAccount(userId, asset), amount);
}

/** The entry's reference: one per (chain, transaction, log), so a deposit posts at most once. */
export function chainDepositReference(chain: string, txHash: string, logIndex: number): string {
  return `chain-deposit:${chain}:${txHash.toLowerCase()}:${logIndex}`;
}
