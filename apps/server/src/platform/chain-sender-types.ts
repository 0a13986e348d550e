import type { Address, Hex, TransactionSerializableEIP1559 } from 'viem';
import type { DbOrTx, Tx } from './db';
import type { ScheduledJob } from './scheduled-jobs';

/**
 * The chain sender (issues 37, 38, 40): every transaction the product itself sends on a chain (sweeps,
 * gas top-ups, withdrawals, NFT mints and transfers) is one row of an outbox, written in the same
 * database transaction as the business change that wants it. One sender per chain and signing key (the
 * scheduled-job leader) builds it, signs it, STORES the signed bytes and only then broadcasts them;
 * after a crash it re-broadcasts what it stored and never signs a second transaction for one request.
 * A stuck one is replaced (same nonce, higher fee); a reverted or dropped one ends FAILED. The feature
 * that asked is told the end through its handler, inside the transaction that records it.
 */

/** Why the product sends a transaction; each purpose has one handler. */
export const CHAIN_TX_PURPOSES = ['SWEEP', 'GAS_TOPUP', 'WITHDRAWAL', 'NFT_MINT', 'NFT_TRANSFER'] as const;
export type ChainTxPurpose = (typeof CHAIN_TX_PURPOSES)[number];

/** Which key signs: the chain's hot wallet, or a customer's deposit address by its derivation index. */
export type SignerKey = { readonly kind: 'hot' } | { readonly kind: 'deposit'; readonly index: number };

export interface ChainTxRequest {
  /** The chain's key (ChainSettings.key). */
  readonly chain: string;
  readonly purpose: ChainTxPurpose;
  /** Unique per purpose (a withdrawal's id, a sweep's id): enqueuing the same one twice is one row. */
  readonly reference: string;
  readonly from: SignerKey;
  readonly to: Address;
  /** Native value in wei (0 for a token transfer). */
  readonly value: bigint;
  /** Call data (an ERC-20 or ERC-721 transfer, a mint); absent for a plain native transfer. */
  readonly data?: Hex;
}

/** How a sent transaction ended. */
export interface ChainTxOutcome {
  /** The outbox row's id. */
  readonly id: string;
  readonly chain: string;
  readonly purpose: ChainTxPurpose;
  readonly reference: string;
  readonly status: 'CONFIRMED' | 'FAILED';
  /** The hash that was mined (after a replacement, the replacement's), null when none ever was. */
  readonly txHash: Hex | null;
  /** Gas paid in wei (gas used times the effective price); 0 when nothing was mined. */
  readonly feeWei: bigint;
  /** Why it failed ('reverted', 'dropped', 'rejected by the node: ...'), null when confirmed. */
  readonly reason: string | null;
}

/**
 * What a feature does when its transaction ends. Called inside the database transaction that moves
 * the outbox row to CONFIRMED or FAILED, exactly once per row; the sender itself books the network
 * fee (custody → NETWORK_FEES) in that same transaction, so handlers book only their own money.
 */
export interface ChainTxHandler {
  onConfirmed(tx: Tx, outcome: ChainTxOutcome): Promise<void>;
  onFailed(tx: Tx, outcome: ChainTxOutcome): Promise<void>;
}

/**
 * Holds the keys. The local signer derives them from the seed (DATA_DIR/secrets in embedded mode, the
 * operator's CHAIN_MNEMONIC otherwise); a production operator may back this with a KMS or HSM instead.
 * Nothing else in the product ever sees a private key.
 */
export interface ChainSigner {
  /** The EIP-55 address a key signs for. */
  address(key: SignerKey): Address;
  /** The signed, serialised transaction. */
  signTransaction(key: SignerKey, transaction: TransactionSerializableEIP1559): Promise<Hex>;
}

/**
 * The sender as other features see it (ctx.chainSender): they enqueue in their own transaction and
 * register one handler per purpose; the scheduler runs its jobs (one per chain).
 */
export interface ChainSender {
  /**
   * Writes the request to the outbox in the caller's transaction; the same (purpose, reference) again
   * is the same row (`created` false). Throws when the chain is not configured or is watch-only (no
   * signer): ask hotWalletAddress(chain) first.
   */
  enqueue(tx: DbOrTx, request: ChainTxRequest): Promise<{ id: string; created: boolean }>;
  /** The purpose's handler (one per purpose; a second registration replaces the first). */
  handle(purpose: ChainTxPurpose, handler: ChainTxHandler): void;
  /** The chain's hot wallet, or null when the chain is not configured or nothing can be signed. */
  hotWalletAddress(chain: string): Address | null;
  /** One job per configured chain (signs, broadcasts, follows, replaces, finishes). */
  readonly jobs: readonly ScheduledJob[];
}
