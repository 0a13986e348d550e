/**
 * Which approved coin withdrawals the hot wallet can pay now (issue 38), decided in the chain's units
 * without the chain or the database: the server reads the hot wallet's balances and the fee the chain
 * asks, then asks this, withdrawal by withdrawal, oldest first. The gas of every transfer is paid in
 * the chain's native coin, at the fee asked now, up to the gas a transfer may use.
 */

/**
 * Gas a transfer may use: a plain one 21,000; a token's (an ERC-20 transfer) well under 100,000. The
 * one definition: the coin sends, the sweeps, the sender's cancels and its fallback all read these.
 */
export const NATIVE_TRANSFER_GAS = 21_000n;
export const TOKEN_TRANSFER_GAS = 100_000n;

/** One transfer out of the hot wallet: its coin (a token, or the native coin) and its amount. */
export interface ChainSendItem {
  readonly asset: string;
  /** A token (its gas paid in the native coin); else the native coin itself. */
  readonly token: boolean;
  /** What leaves, in the chain's units. */
  readonly units: bigint;
}

/** The hot wallet's coins not yet spoken for, per asset, in the chain's units. */
export type FreeFunds = ReadonlyMap<string, bigint>;

/** What a transfer takes of the native coin (its gas, and its value when native) and of its own coin. */
export function chainSendCost(
  item: ChainSendItem,
  maxFeePerGas: bigint,
): { readonly native: bigint; readonly coin: bigint } {
  const gas = maxFeePerGas * (item.token ? TOKEN_TRANSFER_GAS : NATIVE_TRANSFER_GAS);
  return item.token ? { native: gas, coin: item.units } : { native: gas + item.units, coin: 0n };
}

/** `free` less what a transfer takes. */
function spend(free: FreeFunds, nativeAsset: string, item: ChainSendItem, maxFeePerGas: bigint): FreeFunds {
  const cost = chainSendCost(item, maxFeePerGas);
  const after = new Map(free);
  after.set(nativeAsset, (after.get(nativeAsset) ?? 0n) - cost.native);
  if (item.token) after.set(item.asset, (after.get(item.asset) ?? 0n) - cost.coin);
  return after;
}

/**
 * What the hot wallet may still spend: its balances less what the transfers already handed to the
 * sender (SENT, not ended) will take, their coins and their gas.
 */
export function freeHotWalletFunds(
  balances: FreeFunds,
  nativeAsset: string,
  sending: readonly ChainSendItem[],
  maxFeePerGas: bigint,
): FreeFunds {
  return sending.reduce((free, item) => spend(free, nativeAsset, item, maxFeePerGas), balances);
}

export type ChainSendDecision =
  | { readonly kind: 'send'; readonly freeAfter: FreeFunds }
  | { readonly kind: 'wait' };

/**
 * One approved withdrawal, in turn: sent when the free funds cover its coin and the native coin its
 * gas (and its value, when native) and no older withdrawal of the same coin waits (`waiting`: first
 * come, first paid); else it waits. `freeAfter` is what is free once it is sent: the caller keeps it
 * only when the send happened (a withdrawal changed meanwhile takes nothing).
 */
export function decideChainSend(input: {
  readonly free: FreeFunds;
  readonly nativeAsset: string;
  readonly waiting: ReadonlySet<string>;
  readonly item: ChainSendItem;
  readonly maxFeePerGas: bigint;
}): ChainSendDecision {
  const { free, nativeAsset, item, maxFeePerGas } = input;
  const cost = chainSendCost(item, maxFeePerGas);
  const covered =
    !input.waiting.has(item.asset) &&
    (free.get(nativeAsset) ?? 0n) >= cost.native &&
    (!item.token || (free.get(item.asset) ?? 0n) >= cost.coin);
  return covered
    ? { kind: 'send', freeAfter: spend(free, nativeAsset, item, maxFeePerGas) }
    : { kind: 'wait' };
}
