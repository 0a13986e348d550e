import { messages as m } from '@exchange/contracts';
import { DAY_MS, nextWithdrawalStatus } from '@exchange/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { withdrawals } from '../../../db/schema';
import type { AppContext } from '../../../platform/app-context';
import type { ScheduledJob } from '../../../platform/scheduled-jobs';
import { expireUnconfirmedWithdrawals } from '../requests/expire-unconfirmed-withdrawals';
import { payOutWithdrawal, refundWithdrawal } from '../withdrawal-ledger';
import { sendWithdrawalStatusMail } from '../withdrawal-mail';
import { changeWithdrawal, lockWithdrawal, type WithdrawalRow } from '../withdrawals.repository';
import { claimUsdPayout } from './claim-usd-payout';
import type { PayoutProvider, PayoutState } from './payout-provider';

export const USD_PAYOUT_JOB = 'withdrawals:usd-payouts';
/** Withdrawals one tick looks at, per status: the rest wait for the next tick. */
const BATCH = 20;
/**
 * PayPal remembers a request id and a sender_batch_id for 30 days: past that, asking again under the
 * same withdrawal id could pay it a second time. A claimed payout still unclear after this long is
 * left SENDING for a person to settle with PayPal (an error is logged on every run).
 */
const RESUBMIT_WITHIN_MS = 25 * DAY_MS;

type PayoutContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'>;

/**
 * The withdrawals one tick looks at in `status`. APPROVED ones oldest first. SENDING and SENT ones
 * least recently asked first (never asked first of all), so rows PayPal keeps answering unclearly or
 * still pending cannot fill every batch and starve a newer one; SENDING ones claimed longer ago than
 * RESUBMIT_WITHIN_MS are left out (they wait for a person, see reportStaleSending).
 */
async function waiting(ctx: PayoutContext, status: 'APPROVED' | 'SENDING' | 'SENT') {
  const where = and(eq(withdrawals.status, status), eq(withdrawals.method, 'paypal'));
  if (status === 'APPROVED')
    return ctx.db.select().from(withdrawals).where(where).orderBy(asc(withdrawals.createdAt)).limit(BATCH);
  const askable =
    status === 'SENDING'
      ? and(where, sql`coalesce(${withdrawals.sentAt}, ${withdrawals.updatedAt}) >= ${resubmitCutoff(ctx)}`)
      : where;
  return ctx.db
    .select()
    .from(withdrawals)
    .where(askable)
    .orderBy(
      sql`${withdrawals.payoutAskedAt} ASC NULLS FIRST`,
      asc(withdrawals.createdAt),
      asc(withdrawals.id),
    )
    .limit(BATCH);
}

function resubmitCutoff(ctx: PayoutContext): Date {
  return new Date(ctx.clock.now().getTime() - RESUBMIT_WITHIN_MS);
}

/** Notes that PayPal is being asked about `row` now: it goes to the back of the next batches. */
async function markAsked(ctx: PayoutContext, row: WithdrawalRow): Promise<void> {
  await ctx.db.update(withdrawals).set({ payoutAskedAt: ctx.clock.now() }).where(eq(withdrawals.id, row.id));
}

/** Claimed payouts unclear for too long to ask PayPal again safely: an error each run, for a person. */
async function reportStaleSending(ctx: PayoutContext): Promise<void> {
  const stale = await ctx.db
    .select({ id: withdrawals.id, sentAt: withdrawals.sentAt })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'SENDING'),
        eq(withdrawals.method, 'paypal'),
        sql`coalesce(${withdrawals.sentAt}, ${withdrawals.updatedAt}) < ${resubmitCutoff(ctx)}`,
      ),
    )
    .orderBy(asc(withdrawals.createdAt))
    .limit(BATCH);
  if (stale.length > 0)
    ctx.logger.error(
      { withdrawals: stale.map((row) => row.id) },
      'usd payout: unclear for too long to ask PayPal again safely; settle it with PayPal by hand',
    );
}

/**
 * Moves one withdrawal on from its status by `action`, with its ledger entry (the pay-out on
 * completion, the refund on failure) in the same transaction, then mails the customer on a final
 * outcome. The update is conditional on the status it was read in, so of two runs settling the same
 * payout only one books it; a row that moved meanwhile is left as it is.
 */
async function advance(
  ctx: PayoutContext,
  row: WithdrawalRow,
  action: 'send' | 'complete' | 'fail',
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
      { status: next.value.status, ...set, ...(final ? { finishedAt: now } : {}) },
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

/** A claimed or submitted payout moved by what PayPal says of it: paid, failed, or still on its way. */
async function settle(ctx: PayoutContext, row: WithdrawalRow, batchId: string, state: PayoutState) {
  if (state.status === 'SUCCESS') return advance(ctx, row, 'complete', { providerRef: batchId });
  if (state.status === 'FAILED')
    return advance(ctx, row, 'fail', { providerRef: batchId, reason: state.reason });
  if (row.status === 'SENDING') return advance(ctx, row, 'send', { providerRef: batchId });
}

/**
 * Hands one claimed (SENDING) withdrawal to PayPal under its own id as the idempotency key, the first
 * time or again after a crash or an unclear answer: PayPal answers the payout it already has, or makes
 * it, or refuses it for certain (refunded, once). Anything unclear leaves it SENDING for the next run;
 * nothing but PayPal's certain refusal ever refunds it.
 */
async function pushPayout(ctx: PayoutContext, payouts: PayoutProvider, row: WithdrawalRow): Promise<void> {
  const claimedAt = row.sentAt ?? row.updatedAt;
  if (ctx.clock.now().getTime() - claimedAt.getTime() > RESUBMIT_WITHIN_MS) {
    ctx.logger.error(
      { withdrawal: row.id, claimedAt },
      'usd payout: unclear for too long to ask PayPal again safely; settle it with PayPal by hand',
    );
    return;
  }
  await markAsked(ctx, row);
  try {
    const submission = await payouts.submit({
      withdrawalId: row.id,
      email: row.destination,
      amountCents: BigInt(row.amount) - BigInt(row.fee),
    });
    if (submission.outcome === 'refused')
      return advance(ctx, row, 'fail', { reason: `${m.withdrawalPayoutRefused}: ${submission.reason}` });
    await settle(ctx, row, submission.batchId, submission.state);
  } catch (error) {
    ctx.logger.warn(
      { err: error, withdrawal: row.id },
      'usd payout: PayPal unclear, kept SENDING for the next run',
    );
  }
}

/**
 * One tick of the USD payouts (issue 43: claim first, one payout per withdrawal id, never refund on an
 * unclear answer). First the SENDING ones a crashed or unanswered run left (asked again under the same
 * id, which at PayPal is a lookup when it has the payout), then each APPROVED one is claimed
 * (claimUsdPayout: APPROVED → SENDING in its own transaction, so an admin can no longer reject it) and
 * only then handed to PayPal, then the SENT ones are asked for their outcome. PayPal's batch id is kept
 * as soon as PayPal gives it; COMPLETED books the pay-out (the fee as revenue), FAILED refunds the
 * amount, each in the transaction that changes the status and only from SENDING or SENT, so every
 * withdrawal ends once. Run by the scheduled-job leader; two runs at once stay correct, only slower.
 */
export async function sendUsdPayouts(ctx: PayoutContext, payouts: PayoutProvider): Promise<void> {
  await reportStaleSending(ctx);
  for (const row of await waiting(ctx, 'SENDING')) await pushPayout(ctx, payouts, row);
  for (const row of await waiting(ctx, 'APPROVED')) {
    const claimed = await claimUsdPayout(ctx, row.id);
    if (claimed) await pushPayout(ctx, payouts, claimed);
  }
  for (const row of await waiting(ctx, 'SENT')) {
    if (!row.providerRef) continue;
    await markAsked(ctx, row);
    try {
      await settle(ctx, row, row.providerRef, await payouts.state(row.providerRef));
    } catch (error) {
      ctx.logger.warn({ err: error, withdrawal: row.id }, 'usd payout: state unknown, asked again next tick');
    }
  }
}

export function usdPayoutJob(
  ctx: PayoutContext & Pick<AppContext, 'config'>,
  payouts: PayoutProvider,
): ScheduledJob {
  return {
    name: USD_PAYOUT_JOB,
    everyMs: ctx.config.withdrawals.usdPayoutEveryMs,
    run: async () => {
      // The same single runner also gives back what requests never confirmed in time still hold.
      await expireUnconfirmedWithdrawals(ctx);
      await sendUsdPayouts(ctx, payouts);
    },
  };
}
