import { messages as m } from '@exchange/contracts';
import { nextWithdrawalStatus, type WithdrawalAction } from '@exchange/domain';
import { and, asc, eq } from 'drizzle-orm';
import { withdrawals } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import { expireUnconfirmedWithdrawals } from './expire-unconfirmed-withdrawals';
import type { PayoutProvider, PayoutState } from './payout-provider';
import { payOutWithdrawal, refundWithdrawal } from './withdrawal-ledger';
import { sendWithdrawalStatusMail } from './withdrawal-mail';
import { changeWithdrawal, lockWithdrawal, type WithdrawalRow } from './withdrawals.repository';

export const USD_PAYOUT_JOB = 'withdrawals:usd-payouts';
const EVERY_MS = 10_000;
/** Withdrawals one tick looks at, per status: the rest wait for the next tick. */
const BATCH = 20;

type PayoutContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'>;

async function waiting(ctx: PayoutContext, status: 'APPROVED' | 'SENT') {
  return ctx.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, status), eq(withdrawals.method, 'paypal')))
    .orderBy(asc(withdrawals.createdAt))
    .limit(BATCH);
}

/**
 * Moves one withdrawal on from `from` by `action`, with its ledger entry (the pay-out on completion,
 * the refund on failure) in the same transaction, then mails the customer on a final outcome. A row
 * that moved meanwhile (an admin's rejection of an APPROVED one) is left as it is.
 */
async function advance(
  ctx: PayoutContext,
  row: WithdrawalRow,
  action: WithdrawalAction,
  set: { providerRef?: string; reason?: string },
): Promise<void> {
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, row.id);
    if (!locked || locked.status !== row.status) return undefined;
    const next = nextWithdrawalStatus(locked.status, action);
    if (!next.ok) return undefined;
    const final = next.value.hold !== 'keep';
    const moved = await changeWithdrawal(
      tx,
      locked.id,
      locked.status,
      {
        status: next.value.status,
        ...set,
        ...(action === 'send' ? { sentAt: now } : {}),
        ...(final ? { finishedAt: now } : {}),
      },
      now,
    );
    if (!moved) return undefined;
    if (next.value.hold === 'pay_out') await payOutWithdrawal(tx, moved);
    if (next.value.hold === 'refund') await refundWithdrawal(tx, moved);
    return moved;
  });
  if (changed?.status === 'COMPLETED') await sendWithdrawalStatusMail(ctx, changed, 'COMPLETED');
  if (changed?.status === 'FAILED') await sendWithdrawalStatusMail(ctx, changed, 'FAILED');
}

async function settle(ctx: PayoutContext, row: WithdrawalRow, state: PayoutState): Promise<void> {
  if (state.status === 'SUCCESS') await advance(ctx, row, 'complete', {});
  if (state.status === 'FAILED') await advance(ctx, row, 'fail', { reason: state.reason });
}

/**
 * One tick of the USD payouts, run by the scheduled-job leader only (one sender at a time). APPROVED
 * withdrawals are submitted to PayPal Payouts with the withdrawal's id as the batch id, so a retry after
 * a crash or a time-out is the same payout, never a second one; an accepted one becomes SENT (with
 * PayPal's batch id) and completes or fails as PayPal reports, now or on a later tick; one PayPal
 * refuses outright fails at once. COMPLETED books the pay-out (the fee as revenue), FAILED refunds the
 * amount, each in the transaction that changes the status. PayPal being unreachable leaves everything
 * as it is for the next tick.
 */
export async function sendUsdPayouts(ctx: PayoutContext, payouts: PayoutProvider): Promise<void> {
  for (const row of await waiting(ctx, 'APPROVED')) {
    try {
      const submission = await payouts.submit({
        withdrawalId: row.id,
        email: row.destination,
        amountCents: BigInt(row.amount) - BigInt(row.fee),
      });
      if (submission.outcome === 'refused') {
        await advance(ctx, row, 'fail', {
          reason: `${m.withdrawalPayoutRefused}: ${submission.reason}`,
        });
        continue;
      }
      await advance(ctx, row, 'send', { providerRef: submission.batchId });
      await settle(ctx, { ...row, status: 'SENT' }, submission.state);
    } catch (error) {
      ctx.logger.warn({ err: error, withdrawal: row.id }, 'usd payout: not submitted, retried next tick');
    }
  }
  for (const row of await waiting(ctx, 'SENT')) {
    if (!row.providerRef) continue;
    try {
      await settle(ctx, row, await payouts.state(row.providerRef));
    } catch (error) {
      ctx.logger.warn({ err: error, withdrawal: row.id }, 'usd payout: state unknown, asked again next tick');
    }
  }
}

export function usdPayoutJob(ctx: PayoutContext, payouts: PayoutProvider): ScheduledJob {
  return {
    name: USD_PAYOUT_JOB,
    everyMs: EVERY_MS,
    run: async () => {
      // The same single runner also gives back what requests never confirmed in time still hold.
      await expireUnconfirmedWithdrawals(ctx);
      await sendUsdPayouts(ctx, payouts);
    },
  };
}
