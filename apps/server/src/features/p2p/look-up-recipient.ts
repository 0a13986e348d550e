import { messages, P2P_EMAIL_PATTERN, type RejectionCode } from '@exchange/contracts';
import { checkRecipient, maskEmail, maskMobile, type RecipientRejection } from '@exchange/domain';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findRecipientByEmail } from './p2p.repository';

const REJECTIONS: Record<RecipientRejection, { code: RejectionCode; message: string }> = {
  recipient_unknown: { code: 'not_found', message: messages.p2pRecipientUnknown },
  recipient_self: { code: 'unprocessable', message: messages.p2pRecipientSelf },
  recipient_disabled: { code: 'unprocessable', message: messages.p2pRecipientDisabled },
  recipient_unverified: { code: 'unprocessable', message: messages.p2pRecipientUnverified },
};

/** The spec's e-mail checks, in order: empty 'Please Enter Email Id', malformed 'Please Enter Valid Email Id'. */
export function parseRecipientEmail(text: string | null | undefined): string {
  const email = (text ?? '').trim();
  if (email === '') throw new AppError('unprocessable', messages.p2pEmailRequired);
  if (!P2P_EMAIL_PATTERN.test(email)) throw new AppError('unprocessable', messages.p2pEmailInvalid);
  return email;
}

/**
 * Finds the user who may receive a transfer from `senderId`, or answers why not (unknown, self,
 * disabled, not KYC-verified; see `checkRecipient`). Pass the transaction to read inside it.
 */
export async function loadRecipient(db: DbOrTx, senderId: string, email: string) {
  const recipient = await findRecipientByEmail(db, email);
  const decision = checkRecipient({ senderId, recipient });
  if (!decision.ok) {
    const rejection = REJECTIONS[decision.code];
    throw new AppError(rejection.code, rejection.message);
  }
  return recipient!;
}

/**
 * POST /common/user/userInfo: shows the caller enough to recognise the recipient (the name, a masked
 * e-mail and phone number) and nothing that would let a crawler harvest contacts.
 */
export async function lookUpRecipient(db: DbOrTx, senderId: string, emailText: string | null | undefined) {
  const recipient = await loadRecipient(db, senderId, parseRecipientEmail(emailText));
  return {
    name: recipient.name,
    email: maskEmail(recipient.email),
    country_code: recipient.countryCode,
    mobile_no: maskMobile(recipient.mobileNo),
  };
}
