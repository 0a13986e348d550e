import type { StuckChainTx } from '@exchange/contracts';
import type { Address, Hex, TransactionSerializableEIP1559 } from 'viem';
import type { DbOrTx, Tx } from '../db';
import type { ScheduledJob } from '../scheduled-jobs';
import type { BitcoinReservesAttestation, BitcoinSignerKey } from './bitcoin/bitcoin-message';
import type { BitcoinBatchSignRequest } from './bitcoin/bitcoin-signer';

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
 * What the chain sender asks to have signed (issue 43): the outbox row's id and the transaction for it,
 * so a signer that holds the keys apart from the web process (signer/, docs/custody.md) can read the
 * row and the record behind it itself and refuse what the database does not show. 'transaction': the
 * row's own transaction (first signing or a fee replacement); 'cancel': a zero-value send from the
 * row's address to itself with the row's nonce, which frees a stuck nonce. 'development-restore': the
 * embedded development chain's restore (dev-chain-restore.ts), which only a signer in embedded mode
 * grants.
 */
export type SignRequest =
  | {
      readonly kind: 'transaction' | 'cancel';
      readonly outboxId: string;
      readonly key: SignerKey;
      readonly transaction: TransactionSerializableEIP1559;
    }
  | {
      readonly kind: 'development-restore';
      readonly key: { readonly kind: 'hot' };
      readonly transaction: TransactionSerializableEIP1559;
    };

/**
 * The keys, behind a port. In production the web process holds no seed or private key: it reaches the
 * signer process (platform/remote-chain-signer.ts) and knows the addresses from the extended public key
 * (deposit addresses) and the signer's own answer (the hot wallet). Tests and the embedded default may
 * sign in process (platform/local-chain-signer.ts); a KMS or HSM may implement this port instead.
 */
export interface ChainSigner {
  /** The EIP-55 address a key signs for: known without the key (the xpub, the signer's identity). */
  address(key: SignerKey): Address;
  /** The signed, serialised transaction; throws when the signer refuses it. */
  sign(request: SignRequest): Promise<Hex>;
  /**
   * Proof of reserves (issue 49): the key's EIP-191 signature of the one fixed attestation naming the
   * report (domain's reservesAttestation), which the signer composes itself. Optional: a port that
   * cannot do it (a KMS without message signing) leaves the report's address unsigned.
   */
  signReservesAttestation?(key: SignerKey, reportId: string): Promise<ReservesAttestation>;
  /**
   * The same attestation by a Bitcoin-family key (a BIP-84 address), as a Bitcoin-family signed message
   * (bitcoin/bitcoin-message.ts). Optional: without it those chains' addresses are listed unsigned.
   */
  signBitcoinReservesAttestation?(
    key: BitcoinSignerKey,
    reportId: string,
  ): Promise<BitcoinReservesAttestation>;
  /**
   * A Bitcoin-family withdrawal batch (issue 47): the signed transaction's hex, after the signer's
   * own check of its outputs and inputs (bitcoin/bitcoin-signer.ts). Optional: a signer without it
   * leaves those chains' withdrawals unsent.
   */
  signBitcoinBatch?(request: BitcoinBatchSignRequest): Promise<string>;
}

/** A signed proof-of-reserves attestation: the exact message and its 65-byte EIP-191 signature. */
export interface ReservesAttestation {
  readonly address: Address;
  readonly message: string;
  readonly signature: Hex;
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
  /**
   * The transactions stuck now (issue 43: a node refused them or counts fewer than their nonce; each
   * keeps its nonce, nothing refunded, until it or its cancel is mined), longest stuck first.
   */
  stuck(): Promise<StuckChainTx[]>;
  /** One job per configured chain (signs, broadcasts, follows, replaces, finishes). */
  readonly jobs: readonly ScheduledJob[];
}
