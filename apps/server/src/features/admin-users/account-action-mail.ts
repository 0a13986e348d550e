import { formatMessage, messages as m } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { deliverMail } from '../../platform/mail/deliver-mail';
import { contactOf } from '../accounts/accounts.repository';

/** An admin's action on a customer's account that the customer is told of by mail. */
export type AccountAction = 'disabled' | 'enabled' | 'withdrawals_frozen' | 'withdrawals_unfrozen';

const ACTION_TEXTS: Record<AccountAction, string> = {
  disabled: m.accountDisabledMailText,
  enabled: m.accountEnabledMailText,
  withdrawals_frozen: m.withdrawalsFrozenMailText,
  withdrawals_unfrozen: m.withdrawalsUnfrozenMailText,
};

/**
 * Tells the customer what an admin did to their account, when, and why (the admin's reason, for a
 * disable or a freeze). Called after the change is committed; a failed delivery is logged, not thrown
 * (deliverMail), since the change already happened. Like every mail, it starts with the customer's
 * anti-phishing phrase.
 */
export async function sendAccountActionMail(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'logger' | 'clock'>,
  userId: string,
  action: AccountAction,
  reason: string | null,
): Promise<void> {
  const owner = await contactOf(ctx.db, userId);
  if (!owner) return;
  const time = `${ctx.clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await deliverMail(ctx, {
    to: owner.email,
    subject: m.accountActionMailSubject,
    text: formatMessage(ACTION_TEXTS[action], { time, reason: reason ?? '' }),
  });
}
