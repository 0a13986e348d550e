import { formatMessage, messages as m } from '@exchange/contracts';
import { nextWithdrawalStatus } from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import type { ChainTxHandler, ChainTxOutcome } from '../../../platform/chain/chain-sender-types';
import type { Tx } from '../../../platform/db';
import type { MailMessage } from '../../../platform/mail/mailer';
import { payOutWithdrawal, refundWithdrawal } from '../withdrawal-ledger';
import { sendWithdrawalStatusMail } from '../withdrawal-mail';
import { changeWithdrawal, lockWithdrawal } from '../withdrawals.repository';

type HandlerContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'>;

/** The mail context inside the sender's transaction: the outbox row is written with the change. */
function inTransaction(ctx: HandlerContext, tx: Tx) {
  return { ...ctx, db: tx, mailer: { send: (message: MailMessage) => ctx.mailer.send(message, tx) } };
}

/**
 * How a coin withdrawal's transaction ends (the chain sender's WITHDRAWAL handler), inside the
 * transaction that ends its outbox row, once. Mined: SENT → COMPLETED with the hash, what was sent
 * leaves custody and the fee is revenue (payOutWithdrawal). Reverted, dropped or refused by the
 * node: SENT → FAILED with the reason, the amount back to AVAILABLE. The customer is mailed either way.
 * A withdrawal no longer SENT (never, short of a bug) is left as it is.
 */
export function chainWithdrawalHandler(ctx: HandlerContext): ChainTxHandler {
  async function end(tx: Tx, outcome: ChainTxOutcome, action: 'complete' | 'fail'): Promise<void> {
    const row = await lockWithdrawal(tx, outcome.reference);
    if (row?.status !== 'SENT') {
      ctx.logger.error({ outcome }, 'chain withdrawal: its transaction ended but it is not SENT');
      return;
    }
    const next = nextWithdrawalStatus(row.status, action);
    if (!next.ok) return;
    const now = ctx.clock.now();
    const moved = await changeWithdrawal(
      tx,
      row.id,
      'SENT',
      {
        status: next.value.status,
        txHash: outcome.txHash,
        providerRef: outcome.txHash,
        finishedAt: now,
        ...(action === 'fail'
          ? { reason: formatMessage(m.withdrawalChainFailed, { reason: outcome.reason ?? 'failed' }) }
          : {}),
      },
      now,
    );
    if (!moved) return;
    if (action === 'complete') await payOutWithdrawal(tx, moved, outcome.chain);
    else await refundWithdrawal(tx, moved);
    await sendWithdrawalStatusMail(
      inTransaction(ctx, tx),
      moved,
      action === 'complete' ? 'COMPLETED' : 'FAILED',
    );
  }
  return {
    onConfirmed: (tx, outcome) => end(tx, outcome, 'complete'),
    onFailed: (tx, outcome) => end(tx, outcome, 'fail'),
  };
}
