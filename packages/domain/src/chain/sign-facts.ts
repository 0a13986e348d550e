/** The facts and the ask decideSign (decide-sign.ts) weighs: what the signer loaded, and what it is asked. */

/** 'transaction': the row's own transaction; 'cancel': a zero-value send to itself with the row's nonce. */
export type SignKind = 'transaction' | 'cancel';

export type SignRefusal =
  | 'unknown_row'
  | 'unknown_chain'
  | 'wrong_chain_id'
  | 'wrong_key'
  | 'fee_above_cap'
  | 'cancel_differs'
  | 'too_many_cancels'
  | 'row_not_open'
  | 'nonce_differs'
  | 'transaction_differs'
  | 'unknown_purpose'
  | 'no_record'
  | 'record_not_approved'
  | 'record_differs'
  | 'no_cap'
  | 'above_transaction_cap'
  | 'above_daily_cap';

/** The transaction the web process asks to have signed (EIP-1559). */
export interface SignAsk {
  readonly kind: SignKind;
  /** Which key: 'hot' or 'deposit:<index>'. */
  readonly key: string;
  readonly chainId: number;
  readonly nonce: number;
  readonly to: string;
  readonly value: bigint;
  readonly data: string | null;
  readonly gas: bigint;
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
}

/** The outbox row (chain_transactions) as the signer read it. */
export interface SignOutboxRow {
  readonly chain: string;
  readonly purpose: string;
  readonly reference: string;
  readonly fromKey: string;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly value: bigint;
  readonly data: string | null;
  readonly status: string;
  readonly nonce: number | null;
}

/** The row's chain as the signer's own settings know it. */
export interface SignChain {
  readonly chainId: number;
  /** The hot wallet's address (the signer derives it). */
  readonly hotAddress: string;
  /** The coins: null contract for the native coin; scale is the ledger's places of the asset. */
  readonly tokens: readonly {
    readonly asset: string;
    readonly contract: string | null;
    readonly decimals: number;
    readonly scale: number;
  }[];
  /** The exchange's ERC-721 on this chain, null when none. */
  readonly nftContract: string | null;
}

/** The row's call data as the signer decoded it (the ABI stays outside the domain). */
export type SignCall =
  | { readonly fn: 'none' }
  | { readonly fn: 'unknown' }
  | { readonly fn: 'transfer'; readonly to: string; readonly amount: bigint }
  | { readonly fn: 'mint'; readonly to: string; readonly tokenId: bigint }
  | { readonly fn: 'safeTransferFrom'; readonly from: string; readonly to: string; readonly tokenId: bigint };

/** The business record behind the row's purpose, as the signer read it. */
export type SignRecord =
  | {
      readonly kind: 'withdrawal';
      readonly status: string;
      readonly method: string;
      readonly chain: string | null;
      readonly asset: string;
      readonly destination: string;
      /** Minor units of the asset: what is sent is amount less fee. */
      readonly amount: bigint;
      readonly fee: bigint;
    }
  | {
      readonly kind: 'sweep';
      readonly status: string;
      readonly chain: string;
      readonly address: string;
      readonly addressIndex: number;
      readonly asset: string;
      readonly amountRaw: bigint;
      readonly gasTopUpRaw: bigint;
    }
  | {
      readonly kind: 'nft';
      readonly chainState: string | null;
      readonly chain: string | null;
      readonly contract: string | null;
      readonly tokenId: bigint | null;
      readonly chainReference: string | null;
      readonly withdrawnTo: string | null;
    };

export interface SignCap {
  /** The most one transaction may take out of the hot wallet, in the chain's units. */
  readonly perTransaction: bigint;
  /** The most the hot wallet may send of the coin in 24 hours, in the chain's units. */
  readonly perDay: bigint;
}

export interface SignFacts {
  /** Null: no outbox row has the asked id. */
  readonly row: SignOutboxRow | null;
  /** Null: the signer does not know the row's chain. */
  readonly chain: SignChain | null;
  /** The address the asked key gives (derived by the signer from its seed). */
  readonly keyAddress: string;
  readonly call: SignCall;
  /** Null: the record behind the row was not found. */
  readonly record: SignRecord | null;
  /** Per asset of the row's chain. */
  readonly caps: Readonly<Record<string, SignCap>>;
  /**
   * Per asset: what the hot wallet's signed transactions took in the last 24 hours, each signed
   * (row, nonce) once, this row's earlier signatures included.
   */
  readonly sentToday: Readonly<Record<string, bigint>>;
  /** Whether sentToday already counts this row (it was signed at the asked nonce in the window). */
  readonly countedToday: boolean;
  /** The nonce of this row's first recorded signature; null when it was never signed. */
  readonly signedNonce: number | null;
  /** How many cancels of this row were signed. */
  readonly cancelsSigned: number;
  /** The most cancels one row may have signed (the sender's attempts per row). */
  readonly maxCancels: number;
  /** The most gas times max fee per gas a transaction may pay, in wei. */
  readonly maxFeeWei: bigint;
}

/** What a signature lets out of the hot wallet: null asset for none (a sweep in, a mint, a cancel). */
export interface SignOutflow {
  readonly asset: string | null;
  readonly amount: bigint;
}
