import { formatMessage, messages, P2P_EMAIL_PATTERN } from '@exchange/contracts';
import { type AssetCode, getAsset, isAssetCode, parseDecimal } from '@exchange/domain';

export interface P2pFormValues {
  readonly email: string;
  readonly currency: string;
  readonly amount: string;
}

export type P2pField = keyof P2pFormValues;

/**
 * The transfer form's checks in the server's order: 'Please Enter Email Id', 'Please Enter Valid Email
 * Id', 'Please Choose Currency', 'Please Enter Amount', 'Amount can have at most {precision} decimal
 * places' (more decimals than the coin's scale, which is what the server accepts; nothing is rounded),
 * 'Insufficient amount', 'Amount should be greater than 0', 'Please valiadate your email first'. A
 * non-numeric amount is 'Amount should be greater than 0'. Returns the first problem and its field.
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
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { field: 'amount', message: messages.p2pAmountPositive };
  const scale = getAsset(values.currency as AssetCode).scale;
  const amount = parseDecimal(text, scale, 'exact');
  if (amount === null)
    return {
      field: 'amount',
      message: formatMessage(messages.p2pAmountPrecision, { precision: `${scale}` }),
    };
  const available = parseDecimal(balances[values.currency] ?? '0', scale, 'down') ?? 0n;
  if (amount > available) return { field: 'amount', message: messages.insufficientAmount };
  if (amount <= 0n) return { field: 'amount', message: messages.p2pAmountPositive };
  if (!emailValidated) return { field: 'email', message: messages.p2pValidateFirst };
  return null;
}
