import { ok, type Result, reject } from '../result';
import { minorToChainAmount } from '../withdrawals/withdrawal-address';

/**
 * What the signer process signs (issue 43, item 5): only a transaction the database shows. The web
 * process (the chain sender) asks for an outbox row's transaction with its nonce, gas and fees; the
 * signer loads the row and the business record behind its purpose ITSELF and this function decides,
 * so a compromised web process cannot make it sign an arbitrary transfer. What it may still choose is
 * the fees, within the fee cap, and the nonce of a row's FIRST signature only: the signer records the
 * nonce of every signature, and a row's later transactions (fee replacements) and cancels must use that
 * one nonce, so one withdrawal cannot be signed at n, n+1, … and paid several times. A different nonce
 * is refused even when the recorded one was used by another transaction: that row ends FAILED through
 * the sender's cancel path anyway. The day's cap counts each signed (row, nonce) once, this row's own
 * earlier signatures included.
 *
 * Refusals are checked in this order: unknown_row, unknown_chain, wrong_chain_id, wrong_key,
 * fee_above_cap; then for a cancel: cancel_differs, too_many_cancels; for a transaction: row_not_open,
 * nonce_differs,
 * transaction_differs, unknown_purpose, no_record, record_not_approved, record_differs, no_cap,
 * above_transaction_cap, above_daily_cap.
 */

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

const OPEN_AFTER_SIGNING = new Set(['SIGNED', 'BROADCAST']);

function same(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

export function decideSign(ask: SignAsk, facts: SignFacts): Result<SignOutflow, SignRefusal> {
  const { row, chain } = facts;
  if (!row) return reject('unknown_row');
  if (!chain) return reject('unknown_chain');
  if (ask.chainId !== chain.chainId) return reject('wrong_chain_id');
  if (ask.key !== row.fromKey || !same(facts.keyAddress, row.fromAddress)) return reject('wrong_key');
  if (
    ask.gas <= 0n ||
    ask.maxPriorityFeePerGas > ask.maxFeePerGas ||
    ask.gas * ask.maxFeePerGas > facts.maxFeeWei
  )
    return reject('fee_above_cap');
  if (ask.kind === 'cancel') {
    const sendsNothingToItself =
      same(ask.to, row.fromAddress) && ask.value === 0n && (ask.data ?? '0x') === '0x';
    const stillOut = row.nonce !== null && OPEN_AFTER_SIGNING.has(row.status) && ask.nonce === row.nonce;
    // Only at the nonce the signer itself signed this row with, whatever the outbox now says.
    const itsNonce = facts.signedNonce !== null && ask.nonce === facts.signedNonce;
    if (!sendsNothingToItself || !stillOut || !itsNonce) return reject('cancel_differs');
    if (facts.cancelsSigned >= facts.maxCancels) return reject('too_many_cancels');
    return ok({ asset: null, amount: 0n });
  }
  if (row.status !== 'QUEUED' && !OPEN_AFTER_SIGNING.has(row.status)) return reject('row_not_open');
  // A replacement keeps its nonce: only the first signing of a row picks one, and the signer's record
  // of it wins over the outbox's (which the web process could rewrite).
  if (facts.signedNonce !== null && ask.nonce !== facts.signedNonce) return reject('nonce_differs');
  if (row.status !== 'QUEUED' && ask.nonce !== row.nonce) return reject('nonce_differs');
  if (!same(ask.to, row.toAddress) || ask.value !== row.value || !same(ask.data ?? '', row.data ?? ''))
    return reject('transaction_differs');
  const expected = expectedOf(row, chain, facts);
  if (!expected.ok) return expected;
  return withinCaps(expected.value, facts);
}

/** Whether the row is exactly what its record asks for; the outflow it makes from the hot wallet. */
function expectedOf(
  row: SignOutboxRow,
  chain: SignChain,
  facts: SignFacts,
): Result<SignOutflow, SignRefusal> {
  const { record, call } = facts;
  const purposes = ['WITHDRAWAL', 'SWEEP', 'GAS_TOPUP', 'NFT_MINT', 'NFT_TRANSFER'];
  if (!purposes.includes(row.purpose)) return reject('unknown_purpose');
  if (!record) return reject('no_record');
  const hot = row.fromKey === 'hot';
  const tokenOf = (asset: string) => chain.tokens.find((token) => token.asset === asset);
  if (row.purpose === 'WITHDRAWAL') {
    if (record.kind !== 'withdrawal') return reject('no_record');
    if (record.status !== 'SENT') return reject('record_not_approved');
    const token = tokenOf(record.asset);
    if (
      !hot ||
      record.method !== 'chain' ||
      record.chain !== row.chain ||
      !token ||
      record.amount <= record.fee
    )
      return reject('record_differs');
    const units = minorToChainAmount(record.amount - record.fee, token.decimals, token.scale);
    const matches = token.contract
      ? same(row.toAddress, token.contract) &&
        row.value === 0n &&
        call.fn === 'transfer' &&
        same(call.to, record.destination) &&
        call.amount === units
      : same(row.toAddress, record.destination) && row.value === units && call.fn === 'none';
    return matches ? ok({ asset: token.asset, amount: units }) : reject('record_differs');
  }
  if (row.purpose === 'SWEEP' || row.purpose === 'GAS_TOPUP') {
    if (record.kind !== 'sweep') return reject('no_record');
    const wanted = row.purpose === 'SWEEP' ? 'SENDING' : 'TOPPING_UP';
    if (record.status !== wanted) return reject('record_not_approved');
    if (record.chain !== row.chain) return reject('record_differs');
    if (row.purpose === 'GAS_TOPUP') {
      const matches =
        hot && same(row.toAddress, record.address) && row.value === record.gasTopUpRaw && call.fn === 'none';
      const native = chain.tokens.find((token) => token.contract === null);
      return matches && native ? ok({ asset: native.asset, amount: row.value }) : reject('record_differs');
    }
    const token = tokenOf(record.asset);
    const fromItsAddress =
      row.fromKey === `deposit:${record.addressIndex}` && same(row.fromAddress, record.address);
    const intoHot = token?.contract
      ? same(row.toAddress, token.contract) &&
        row.value === 0n &&
        call.fn === 'transfer' &&
        same(call.to, chain.hotAddress) &&
        call.amount === record.amountRaw
      : same(row.toAddress, chain.hotAddress) && row.value === record.amountRaw && call.fn === 'none';
    return token && fromItsAddress && intoHot ? ok({ asset: null, amount: 0n }) : reject('record_differs');
  }
  if (record.kind !== 'nft') return reject('no_record');
  const wanted = row.purpose === 'NFT_MINT' ? 'MINTING' : 'SENDING';
  if (record.chainState !== wanted) return reject('record_not_approved');
  const onContract =
    hot &&
    record.chain === row.chain &&
    chain.nftContract !== null &&
    same(record.contract, chain.nftContract) &&
    same(row.toAddress, chain.nftContract) &&
    row.value === 0n &&
    record.tokenId !== null;
  const matches =
    row.purpose === 'NFT_MINT'
      ? call.fn === 'mint' && same(call.to, chain.hotAddress) && call.tokenId === record.tokenId
      : record.chainReference === row.reference &&
        call.fn === 'safeTransferFrom' &&
        same(call.from, chain.hotAddress) &&
        same(call.to, record.withdrawnTo) &&
        record.withdrawnTo !== null &&
        call.tokenId === record.tokenId;
  return onContract && matches ? ok({ asset: null, amount: 0n }) : reject('record_differs');
}

/** The hot wallet's caps on what one transaction and one day may take out of it. */
function withinCaps(outflow: SignOutflow, facts: SignFacts): Result<SignOutflow, SignRefusal> {
  if (outflow.asset === null) return ok(outflow);
  const cap = facts.caps[outflow.asset];
  if (!cap) return reject('no_cap');
  if (outflow.amount > cap.perTransaction) return reject('above_transaction_cap');
  const before = facts.sentToday[outflow.asset] ?? 0n;
  // A replacement at the row's nonce is the same payment: counted once.
  if (before + (facts.countedToday ? 0n : outflow.amount) > cap.perDay) return reject('above_daily_cap');
  return ok(outflow);
}
