import { messages, type WithdrawalTerms as WireTerms, withdrawalAmountMessage } from '@exchange/contracts';
import {
  checkWithdrawalAmount,
  formatMinor,
  getAsset,
  isAssetCode,
  parseDecimal,
  type WithdrawalTerms,
} from '@exchange/domain';

/**
 * The withdraw forms' amount model (USD to PayPal and a coin on a chain alike): the server's terms as
 * the domain's checkWithdrawalAmount reads them, its verdict on a typed amount in the catalogue's
 * words (withdrawalAmountMessage, which the server answers with too), and what arrives. No rule is
 * written here: minimum, fee, decimals (the chain's precision included) are all the domain's.
 */

function scaleOf(asset: string): number {
  return isAssetCode(asset) ? getAsset(asset).scale : 8;
}

/** The wire's terms in the asset's minor units, as the domain's rule reads them; undefined when unknown. */
export function ruleTerms(terms: WireTerms): WithdrawalTerms | undefined {
  if (!isAssetCode(terms.asset)) return undefined;
  const scale = scaleOf(terms.asset);
  const minimum = parseDecimal(terms.minimum, scale, 'up');
  const fee = parseDecimal(terms.fee, scale, 'up');
  if (minimum === null || fee === null) return undefined;
  return { asset: terms.asset, method: terms.method, minimum, fee, precision: terms.precision };
}

/**
 * The domain's amount rule over the typed amount, then the available balance ('Insufficient amount',
 * as the server answers it): the message of the first refusal, or null. Checked during the withdrawal
 * pause too, so a typo shows now and not after it.
 */
export function amountProblem(terms: WireTerms, amount: string): string | null {
  const checked = checkWithdrawalAmount(ruleTerms(terms), terms.asset, amount);
  if (!checked.ok) return withdrawalAmountMessage(checked, terms.asset);
  const available = parseDecimal(terms.available, scaleOf(terms.asset));
  return available !== null && checked.value.amount > available ? messages.insufficientAmount : null;
}

/**
 * What arrives (the domain's `receive`: amount - fee) in the asset's decimals; zero while the amount
 * is not one the rule accepts.
 */
export function receiveOf(terms: WireTerms, amount: string): string {
  const checked = checkWithdrawalAmount(ruleTerms(terms), terms.asset, amount);
  return formatMinor(checked.ok ? checked.value.receive : 0n, scaleOf(terms.asset));
}
