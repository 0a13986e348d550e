import { type P2pRuleCode, p2pRuleMessage, type RejectionCode } from '@exchange/contracts';
import { checkP2pEmail, checkRecipient, maskEmail, maskMobile } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findRecipientByEmail } from './p2p.repository';
import { spendRecipientLookup } from './p2p-budgets';

/**
 * A P2P rule's rejection with the spec's message (P2P_RULE_MESSAGES): an unknown recipient is 404, a
 * balance that does not cover the amount insufficient_funds, anything else 422.
 */
export function p2pRuleError(code: P2pRuleCode, params: Readonly<Record<string, string>> = {}): AppError {
  const rejection: RejectionCode =
    code === 'recipient_unknown'
      ? 'not_found'
      : code === 'insufficient_amount'
        ? 'insufficient_funds'
        : 'unprocessable';
  return new AppError(rejection, p2pRuleMessage(code, params));
}

/**
 * The spec's e-mail checks (checkP2pEmail), in order: empty 'Please Enter Email Id', malformed 'Please
 * Enter Valid Email Id'.
 */
export function parseRecipientEmail(text: string | null | undefined): string {
  const email = checkP2pEmail(text);
  if (!email.ok) throw p2pRuleError(email.code);
  return email.value;
}

/**
 * Finds the user who may receive a transfer from `senderId`, or answers why not (unknown, self,
 * disabled, not KYC-verified; see `checkRecipient`). Pass the transaction to read inside it.
 */
export async function loadRecipient(db: DbOrTx, senderId: string, email: string) {
  const recipient = await findRecipientByEmail(db, email);
  const decision = checkRecipient({ senderId, recipient });
  if (!decision.ok) throw p2pRuleError(decision.code);
  return recipient!;
}

/**
 * POST /common/user/userInfo: shows the caller enough to recognise the recipient (the name, a masked
 * e-mail and phone number) and nothing that would let a crawler harvest contacts. Every call spends
 * one of the caller's recipient look-ups (shared with transfers), malformed ones included.
 */
export async function lookUpRecipient(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  senderId: string,
  emailText: string | null | undefined,
) {
  await spendRecipientLookup(ctx, senderId);
  const recipient = await loadRecipient(ctx.db, senderId, parseRecipientEmail(emailText));
  return {
    name: recipient.name,
    email: maskEmail(recipient.email),
    country_code: recipient.countryCode,
    mobile_no: maskMobile(recipient.mobileNo),
  };
}
