import { P2P_RULE_MESSAGES, p2pRuleMessage } from '@exchange/contracts';
import { balanceMinor, checkP2pTransfer, getAsset, p2pCurrency } from '@exchange/domain';

export interface P2pFormValues {
  readonly email: string;
  readonly currency: string;
  readonly amount: string;
}

export type P2pField = keyof P2pFormValues;

/**
 * The transfer form's checks: the domain's checkP2pTransfer, which the server runs too, with the
 * spec's messages (P2P_RULE_MESSAGES). In its order: 'Please Enter Email Id', 'Please Enter Valid Email
 * Id', 'Please Choose Currency', 'Please Enter Amount', 'Amount can have at most {precision} decimal
 * places' (more decimals than the coin's scale, which is what the server accepts; nothing is rounded),
 * 'Insufficient amount' (a coin the wallet does not list is one with nothing held), 'Amount should be
 * greater than 0', 'Please valiadate your email first'. A non-numeric amount is 'Amount should be
 * greater than 0'. Returns the first problem and its field.
 */
export function p2pFormProblem(
  values: P2pFormValues,
  balances: Readonly<Record<string, string>>,
  emailValidated: boolean,
): { field: P2pField; message: string } | null {
  const asset = p2pCurrency(values.currency);
  const checked = checkP2pTransfer({
    ...values,
    balance: asset ? balanceMinor(balances[asset] ?? '0', getAsset(asset).scale) : undefined,
    recipientConfirmed: emailValidated,
  });
  if (checked.ok) return null;
  return {
    field: P2P_RULE_MESSAGES[checked.code].field,
    message: p2pRuleMessage(checked.code, checked.params),
  };
}
