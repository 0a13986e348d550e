import { randomUUID } from 'node:crypto';
import {
  type AddWithdrawalAddressBody,
  formatMessage,
  messages as m,
  type WithdrawalAddress,
} from '@exchange/contracts';
import type { AppContext } from '../../../platform/app-context';
import { AppError } from '../../../platform/errors';
import { deliverMail } from '../../../platform/mail/deliver-mail';
import { findUserById } from '../../accounts/accounts.repository';
import { proveAccountSecondFactor, twoFactorOn } from '../../accounts/second-factor';
import { checkCoinDestination, type HotWallets } from '../coin-sends/coin-destination';
import { toWithdrawalAddress } from './withdrawal-address-views';
import { insertWithdrawalAddress } from './withdrawal-addresses.repository';

/**
 * Adds an address to the customer's book, in order: a chain coins can leave on, a label, the address
 * (EIP-55, not zero, none of the exchange's own), two-factor on and its code proven (a stolen session
 * alone cannot add one), not there already. The entry can be withdrawn to from `usable_at`, after
 * WITHDRAWAL_COOL_DOWN_HOURS; the customer is mailed, so an entry they did not add can be removed first.
 */
export async function addWithdrawalAddress(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer' | 'logger'>,
  wallets: HotWallets,
  userId: string,
  body: AddWithdrawalAddressBody,
): Promise<WithdrawalAddress> {
  const chain = [...ctx.config.chains, ...ctx.config.bitcoinChains].find((c) => c.key === body.chain.trim());
  if (!chain) throw new AppError('unprocessable', m.withdrawalChainNotOffered);
  const label = body.label.trim();
  if (label === '') throw new AppError('validation_failed', m.withdrawalAddressLabelRequired);
  const address = await checkCoinDestination(ctx.db, wallets, chain, body.address);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('unauthorized');
  if (!twoFactorOn(user)) throw new AppError('two_factor_required', m.withdrawalTwoFactorRequired);
  await proveAccountSecondFactor(ctx, user, { totp: body.totp, recoveryCode: body.recovery_code });
  const now = ctx.clock.now();
  const row = await insertWithdrawalAddress(ctx.db, {
    id: randomUUID(),
    userId,
    chain: chain.key,
    address,
    label,
    usableAt: new Date(now.getTime() + ctx.config.withdrawals.coolDownMs),
    createdAt: now,
  });
  if (!row) throw new AppError('conflict', m.withdrawalAddressExists);
  await deliverMail(ctx, {
    to: user.email,
    subject: m.withdrawalAddressAddedMailSubject,
    text: formatMessage(m.withdrawalAddressAddedMailText, {
      address,
      chain: chain.name,
      label,
      until: `${row.usableAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    }),
  });
  return toWithdrawalAddress(row);
}
