import { messages } from '@exchange/contracts';
import { formatMinor } from '@exchange/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { createPaypalClient, type PaypalOptions, unavailable } from '../deposits/paypal-client';

/** What the provider says of a submitted payout: still on its way, paid, or failed (with why). */
export type PayoutState =
  | { status: 'PENDING' }
  | { status: 'SUCCESS' }
  | { status: 'FAILED'; reason: string };

/** A submission: accepted (with the provider's batch id and its state) or refused outright. */
export type PayoutSubmission =
  | { outcome: 'submitted'; batchId: string; state: PayoutState }
  | { outcome: 'refused'; reason: string };

/**
 * Sends USD to a PayPal e-mail. `withdrawalId` makes a retried submission the same payout (PayPal's
 * sender_batch_id and request id), so a crash or time-out between sending and recording can be retried
 * without paying twice. A provider that cannot be reached throws provider_unavailable.
 */
export interface PayoutProvider {
  submit(input: { withdrawalId: string; email: string; amountCents: bigint }): Promise<PayoutSubmission>;
  state(batchId: string): Promise<PayoutState>;
}

const batchSchema = z.object({
  batch_header: z.object({ payout_batch_id: z.string(), batch_status: z.string() }),
  items: z
    .array(
      z.object({
        transaction_status: z.string().optional(),
        errors: z.object({ name: z.string().optional(), message: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
const errorSchema = z.object({ name: z.string().optional(), message: z.string().optional() });

const PAID = new Set(['SUCCESS']);
const FAILED = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED', 'CANCELED']);

/**
 * A batch's state: its one item's transaction status when PayPal lists it, else the batch's. UNCLAIMED
 * (no PayPal account yet) and ONHOLD keep waiting: PayPal returns an unclaimed payout after 30 days.
 */
function stateOf(batch: z.infer<typeof batchSchema>): PayoutState {
  const item = batch.items?.[0];
  const status = item?.transaction_status ?? batch.batch_header.batch_status;
  if (PAID.has(status)) return { status: 'SUCCESS' };
  if (FAILED.has(status))
    return {
      status: 'FAILED',
      reason: item?.errors?.message ?? `${messages.withdrawalPayoutRefused} (${status})`,
    };
  return { status: 'PENDING' };
}

/** PayPal Payouts (v1/payments/payouts): one item per batch, the withdrawal's id as the batch's id. */
export function createPaypalPayouts(options: PaypalOptions): PayoutProvider {
  const { call } = createPaypalClient(options);
  return {
    async submit({ withdrawalId, email, amountCents }) {
      const body = JSON.stringify({
        sender_batch_header: {
          sender_batch_id: withdrawalId,
          recipient_type: 'EMAIL',
          email_subject: 'You have a payout from the exchange',
        },
        items: [
          {
            recipient_type: 'EMAIL',
            receiver: email,
            amount: { value: formatMinor(amountCents, 2), currency: 'USD' },
            sender_item_id: withdrawalId,
          },
        ],
      });
      const { status, json } = await call('POST', '/v1/payments/payouts', body, {
        'paypal-request-id': `payout-${withdrawalId}`,
      });
      if (status === 200 || status === 201) {
        const batch = batchSchema.safeParse(json);
        if (!batch.success) throw unavailable();
        return {
          outcome: 'submitted',
          batchId: batch.data.batch_header.payout_batch_id,
          state: stateOf(batch.data),
        };
      }
      // A 4xx is PayPal refusing this payout (insufficient funds, a receiver it cannot pay): final.
      if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
        const error = errorSchema.safeParse(json).data;
        return {
          outcome: 'refused',
          reason: error?.message ?? error?.name ?? messages.withdrawalPayoutRefused,
        };
      }
      throw unavailable();
    },
    async state(batchId) {
      const { status, json } = await call(
        'GET',
        `/v1/payments/payouts/${encodeURIComponent(batchId)}`,
        undefined,
      );
      const batch = batchSchema.safeParse(json);
      if (status !== 200 || !batch.success) throw unavailable();
      return stateOf(batch.data);
    },
  };
}

/**
 * The embedded mode's stand-in (production refuses the sandbox provider): every payout is paid at
 * once, so a demo withdrawal completes on the payout job's next tick.
 */
export function createSandboxPayouts(): PayoutProvider {
  return {
    async submit({ withdrawalId }) {
      return { outcome: 'submitted', batchId: `SBXPAYOUT-${withdrawalId}`, state: { status: 'SUCCESS' } };
    },
    async state() {
      return { status: 'SUCCESS' };
    },
  };
}

/** The payout provider PAYMENT_PROVIDER selects, as deposits choose theirs. */
export function createPayoutProvider(ctx: Pick<AppContext, 'config' | 'clock'>): PayoutProvider {
  return ctx.config.paymentProvider === 'paypal'
    ? createPaypalPayouts({ ...ctx.config.paypal, now: () => ctx.clock.now().getTime() })
    : createSandboxPayouts();
}
