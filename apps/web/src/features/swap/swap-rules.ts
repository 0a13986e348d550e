import { swapRuleMessage } from '@exchange/contracts';
import { type AssetCode, balanceMinor, checkSwapAmount, getAsset } from '@exchange/domain';

/**
 * The swap and multicoin screens' amount rules: the domain's checkSwapAmount, which the server runs
 * too, with the spec's messages (SWAP_RULE_MESSAGES). In its order: not a number, negative 'Amount
 * must be greater than 0'; more decimals than the chosen coin's scale 'Amount can have at most
 * {precision} decimal places'; 0 'Amount must be greater than 0'; above the coin's balance
 * 'Insufficient amount' (a coin the wallet does not list is one with nothing held). Equal coins are
 * the screens' own toast. Null when it passes.
 */
export function swapAmountProblem(
  amount: string,
  balance: string | undefined,
  coin: AssetCode,
): string | null {
  const held = balanceMinor(balance ?? '0', getAsset(coin).scale);
  const checked = checkSwapAmount({ from: coin, amount, balance: held });
  return checked.ok ? null : swapRuleMessage(checked.code, checked.params);
}
