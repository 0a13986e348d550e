import { messages, P2P_EMAIL_PATTERN } from '@exchange/contracts';
import { type AssetCode, getAsset, isAssetCode, parseDecimal } from '@exchange/domain';

export interface P2pFormValues {
  readonly email: string;
  readonly currency: string;
  readonly amount: string;
}

export type P2pField = keyof P2pFormValues;

/**
 * The transfer form's checks in the spec's order: 'Please Enter Email Id', 'Please Enter Valid Email
 * Id', 'Please Choose Currency', 'Please Enter Amount', 'Insufficient amount', 'Amount should be
 * greater than 0', 'Please valiadate your email first'. Returns the first problem and its field.
 */
export function p2pFormProblem(
  values: P2pFormValues,
  balances: Readonly<Record<string, string>>,
  emailValidated: boolean,
): { field: P2pField; message: string } | null {
  const email = values.email.trim();
  if (email === '') return { field: 'email', message: messages.p2pEmailRequired };
  if (!P2P_EMAIL_PATTERN.test(email)) return { field: 'email', message: messages.p2pEmailInvalid };
  if (!isAssetCode(values.currency)) return { field: 'currency', message: messages.p2pCurrencyRequired };
  const text = values.amount.trim();
  if (text === '') return { field: 'amount', message: messages.p2pAmountRequired };
  const scale = getAsset(values.currency as AssetCode).scale;
  const amount = /^-?\d+(\.\d+)?$/.test(text) ? parseDecimal(text, scale, 'up') : null;
  const available = parseDecimal(balances[values.currency] ?? '0', scale, 'down') ?? 0n;
  if (amount !== null && amount > available) return { field: 'amount', message: messages.insufficientAmount };
  if (amount === null || amount <= 0n) return { field: 'amount', message: messages.p2pAmountPositive };
  if (!emailValidated) return { field: 'email', message: messages.p2pValidateFirst };
  return null;
}
