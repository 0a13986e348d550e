import { readAmountText } from '../amount-text';
import { type AssetCode, getAsset } from '../assets';
import type { Minor } from '../money';
import { ok, type Result, reject } from '../result';
import type { SwapRejection } from './swap-quote';

export interface SwapAmountRequest {
  readonly from: AssetCode;
  /**
   * The coin bought. The swap and multicoin screens leave it out: they pick it on its own and answer
   * an equal pair with their own toast; the server passes it.
   */
  readonly to?: AssetCode;
  /** The amount of `from` as typed or sent. */
  readonly amount: string | null | undefined;
  /**
   * The available balance of `from`, in its minor units: the one the server reads, or the one the
   * wallet query shows. Undefined while it is not known: the balance rule is then left out.
   */
  readonly balance: Minor | undefined;
}

export type SwapAmountRejection =
  | 'same_asset'
  | 'amount_not_positive'
  | 'amount_precision_exceeded'
  | 'insufficient_amount';

/** Every refusal of a swap or a MultiCoin purchase: the request's (below) and the pricing's (priceSwap). */
export type SwapRuleCode = SwapAmountRejection | SwapRejection;

/**
 * The Swap and Buy MultiCoin forms' rules (spec sections 2 and 9), for the server and the screens
 * alike, checked before any price is read. Rejections, in this order:
 *  1. `to` given and equal to `from`: 'same_asset';
 *  2. an empty amount, one that is not a plain decimal, or any negative one: 'amount_not_positive'
 *     (the spec's screen calls all of them 'not greater than 0');
 *  3. more decimal places than `from`'s ledger scale: 'amount_precision_exceeded' {precision} (what the
 *     server accepts; nothing is rounded);
 *  4. zero: 'amount_not_positive';
 *  5. above the balance, when it is known: 'insufficient_amount'.
 * Returns the amount in `from`'s minor units. The balance rule only orders the messages: the ledger's
 * conditional debit is what keeps a racing swap from overdrawing.
 */
export function checkSwapAmount(request: SwapAmountRequest): Result<Minor, SwapAmountRejection> {
  if (request.to !== undefined && request.from === request.to) return reject('same_asset');
  const scale = getAsset(request.from).scale;
  const amount = readAmountText(request.amount, scale);
  if (amount.kind === 'empty' || amount.kind === 'not_decimal' || amount.negative)
    return reject('amount_not_positive');
  if (amount.kind === 'too_precise') return reject('amount_precision_exceeded', { precision: String(scale) });
  if (amount.value <= 0n) return reject('amount_not_positive');
  if (request.balance !== undefined && amount.value > request.balance) return reject('insufficient_amount');
  return ok(amount.value);
}
