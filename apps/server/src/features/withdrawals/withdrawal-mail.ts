import { formatMessage, messages as m } from '@exchange/contracts';
import { type AssetCode, formatMinor, getAsset } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { DbOrTx } from '../../platform/db';
import { deliverMail } from '../../platform/mail/deliver-mail';
import { contactOfUser, type WithdrawalRow } from './withdrawals.repository';

/** The mails' context; `db` may be a transaction (the chain sender's handler mails inside its own). */
type MailContext = Pick<AppContext, 'mailer' | 'logger' | 'clock'> & { readonly db: DbOrTx };

const TEXTS = {
  APPROVED: m.withdrawalApprovedMailText,
  REJECTED: m.withdrawalRejectedMailText,
  COMPLETED: m.withdrawalCompletedMailText,
  FAILED: m.withdrawalFailedMailText,
} as const;

/** The figures every withdrawal mail names. */
export function withdrawalFigures(row: WithdrawalRow): Record<string, string> {
  const scale = getAsset(row.asset as AssetCode).scale;
  return {
    amount: formatMinor(BigInt(row.amount), scale),
    receive: formatMinor(BigInt(row.amount) - BigInt(row.fee), scale),
    asset: row.asset,
    destination: row.destination,
    reason: row.reason ?? '',
  };
}

/**
 * Tells the customer what became of their withdrawal (approved by an admin, rejected, completed,
 * failed). Call it after the change is committed; a failed delivery is logged, never thrown.
 */
export async function sendWithdrawalStatusMail(
  ctx: MailContext,
  row: WithdrawalRow,
  status: keyof typeof TEXTS,
): Promise<void> {
  const owner = await contactOfUser(ctx.db, row.userId);
  if (!owner) return;
  const figures = withdrawalFigures(row);
  await deliverMail(ctx, {
    to: owner.email,
    subject: formatMessage(m.withdrawalStatusMailSubject, figures),
    text: formatMessage(TEXTS[status], figures),
  });
}

/** The mailed confirmation code of a new withdrawal. */
export async function sendWithdrawalCodeMail(
  ctx: MailContext,
  row: WithdrawalRow,
  code: string,
  minutes: number,
): Promise<void> {
  const owner = await contactOfUser(ctx.db, row.userId);
  if (!owner) return;
  await deliverMail(ctx, {
    to: owner.email,
    subject: m.withdrawalCodeMailSubject,
    text: formatMessage(m.withdrawalCodeMailText, {
      ...withdrawalFigures(row),
      code,
      minutes: String(minutes),
    }),
  });
}
