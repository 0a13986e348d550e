import { formatMessage, isPersonName, messages, type P2pTransferRequest } from '@exchange/contracts';
import {
  checkP2pTransfer,
  formatMinorTrimmed,
  getAsset,
  p2pCurrency,
  p2pPostings,
  userAccount,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { loadBalances } from '../ledger/ledger.repository';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import { assertOutflowAllowed } from '../outflow/assert-outflow-allowed';
import { loadRecipient, p2pRuleError } from './look-up-recipient';
import { findUserName, insertTransfer, setTransferEntry } from './p2p.repository';
import { countTransferMade, spendRecipientLookup, spendTransferTry } from './p2p-budgets';

/**
 * Sends coins to another user. Checks in the spec's order (checkP2pTransfer): e-mail empty, malformed;
 * no currency; amount empty; more decimals than the coin has; more than the available balance
 * 'Insufficient amount'; not above 0; then the recipient (unknown, self, disabled, not KYC-verified).
 * The balance of the named coin is read first, as the rules need it; that read only orders the messages:
 * the ledger's conditional debit is what refuses a racing overdraft. One entry moves the amount from
 * the sender's available balance to the recipient's (accounts locked in id order, so A→B and B→A in
 * parallel wait instead of deadlocking), a p2p_transfers row and a wallet transaction per side record
 * it, and after the commit the recipient is mailed. The sender's P2P budgets (p2p-budgets.ts) come
 * first: a try per minute, then a recipient look-up before the recipient is read, and the day's
 * transfers counted in the transaction; any spent answers 429 and moves nothing.
 */
export async function transferP2p(
  ctx: AppContext,
  senderId: string,
  request: P2pTransferRequest,
): Promise<void> {
  await spendTransferTry(ctx, senderId);
  const named = p2pCurrency(request.from_crypto_currency_code);
  const held = named ? await loadBalances(ctx.db, [userAccount(senderId, named)]) : null;
  const checked = checkP2pTransfer({
    email: request.to_email,
    currency: request.from_crypto_currency_code,
    amount: typeof request.amount === 'string' ? request.amount : null,
    balance: held ? ([...held.values()][0] ?? 0n) : undefined,
  });
  if (!checked.ok) throw p2pRuleError(checked.code, checked.params);
  const { email, asset, amount } = checked.value;
  const scale = getAsset(asset).scale;
  // An open debt, or the deposit hold period, keeps value from leaving the exchange (issue 35).
  await assertOutflowAllowed(ctx, senderId, 'p2p_send', { asset, amount });

  // Naming a recipient is a look-up: it spends one, found or not, before the users table is read.
  await spendRecipientLookup(ctx, senderId);
  const recipient = await ctx.db.transaction(async (tx) => {
    await countTransferMade(tx, ctx, senderId);
    const to = await loadRecipient(tx, senderId, email);
    const transferId = await insertTransfer(tx, { senderId, receiverId: to.id, asset, amount });
    const reference = `p2p:${transferId}`;
    const posted = await postEntry(tx, {
      kind: 'P2P_TRANSFER',
      reference,
      userId: senderId,
      postings: p2pPostings(senderId, to.id, asset, amount),
      memo: { transfer: transferId },
    });
    if (!posted.ok) throw new AppError('insufficient_funds', messages.insufficientAmount);
    const entryId = posted.value.entryId;
    await setTransferEntry(tx, transferId, entryId);
    await upsertWalletTransaction(tx, {
      reference: `${reference}:send`,
      userId: senderId,
      event: { kind: 'p2p_send', asset, amount },
      status: 'SUCCESS',
      entryId,
    });
    await upsertWalletTransaction(tx, {
      reference: `${reference}:receive`,
      userId: to.id,
      event: { kind: 'p2p_receive', asset, amount },
      status: 'SUCCESS',
      entryId,
    });
    return to;
  });

  // The money moved whatever happens to the mail: a failed delivery is logged, never rolled back.
  const sender = await findUserName(ctx.db, senderId);
  const params = {
    amount: formatMinorTrimmed(amount, scale),
    currency: asset,
    // A name from before sign-up took letters only could carry a line or a link: it is left out.
    sender: sender && isPersonName(sender.name) ? sender.name : 'A user',
  };
  try {
    await ctx.mailer.send({
      to: recipient.email,
      subject: formatMessage(messages.p2pMailSubject, params),
      text: formatMessage(messages.p2pMailText, params),
    });
  } catch (error) {
    ctx.logger.error({ err: error }, 'p2p receipt mail failed');
  }
}
