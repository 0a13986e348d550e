import { messages } from '@exchange/contracts';
import { formatMinor } from '@exchange/domain';
import { z } from 'zod';
import type { AppContext } from '../../../platform/app-context';
import { createPaypalClient, type PaypalOptions, unavailable } from '../../../platform/paypal/paypal-client';

/** What the provider says of a payout it has: still on its way, paid, or failed (with why). */
export type PayoutState =
  | { status: 'PENDING' }
  | { status: 'SUCCESS' }
  | { status: 'FAILED'; reason: string };

/**
 * The provider's word on a payout: it has it (its batch id and state: made now, or made by an earlier
 * try under the same withdrawal id), or it refused it for certain and paid nothing.
 */
export type PayoutSubmission =
  | { outcome: 'submitted'; batchId: string; state: PayoutState }
  | { outcome: 'refused'; reason: string };

/**
 * Sends USD to a PayPal e-mail at most once per withdrawal: `withdrawalId` is the provider's
 * idempotency key, so asking again after a crash, a time-out or any other unclear answer is the same
 * payout, never a second one. Both methods answer only what the provider said for certain; every
 * other answer (no answer, a time-out, a 5xx, a reset connection, a body that cannot be read, a
 * lookup that fails) throws provider_unavailable, and the caller must then take the payout as
 * possibly made: never as refused.
 */
export interface PayoutProvider {
  submit(input: { withdrawalId: string; email: string; amountCents: bigint }): Promise<PayoutSubmission>;
  state(batchId: string): Promise<PayoutState>;
}

const batchSchema = z.object({
  batch_header: z.object({
    payout_batch_id: z.string(),
    batch_status: z.string(),
    sender_batch_header: z.object({ sender_batch_id: z.string().optional() }).optional(),
  }),
  items: z
    .array(
      z.object({
        transaction_status: z.string().optional(),
        errors: z.object({ name: z.string().optional(), message: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
type Batch = z.infer<typeof batchSchema>;
const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z
    .array(
      z.object({
        field: z.string().optional(),
        issue: z.string().optional(),
        description: z.string().optional(),
      }),
    )
    .optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string().optional() })).optional(),
});
type PaypalError = z.infer<typeof errorSchema>;

const PAID = new Set(['SUCCESS']);
const FAILED = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED', 'CANCELED']);

/**
 * A payout's state, read from its one item's transaction status only: PayPal's batch status says how
 * the batch was processed (a SUCCESS batch may hold an UNCLAIMED or ONHOLD item, its money not paid),
 * never how the item ended. An answer that lists no item (a create answer; PayPal lists items when the
 * batch is looked up) is still pending: the job reads the batch on its next run. UNCLAIMED (no PayPal
 * account yet), ONHOLD and PENDING keep waiting: PayPal returns an unclaimed payout after 30 days.
 */
function stateOf(batch: Batch): PayoutState {
  const item = batch.items?.[0];
  const status = item?.transaction_status;
  if (!item || status === undefined) return { status: 'PENDING' };
  if (PAID.has(status)) return { status: 'SUCCESS' };
  if (FAILED.has(status))
    return {
      status: 'FAILED',
      reason: item.errors?.message ?? `${messages.withdrawalPayoutRefused} (${status})`,
    };
  return { status: 'PENDING' };
}

/**
 * An error about a batch that already exists: PayPal answers a sender_batch_id used in the last 30 days
 * with an error naming it and a link to the original batch (and a request id sent twice at once may be
 * refused as a duplicate). Read loosely on purpose: taking an 'already exists' for a refusal would
 * refund a payout PayPal made, while taking a refusal for a duplicate only leaves it for a person.
 */
function isAboutExistingBatch(error: PaypalError): boolean {
  const words = [
    error.name,
    error.message,
    ...(error.details ?? []).flatMap((d) => [d.field, d.issue, d.description]),
  ]
    .filter(Boolean)
    .join(' ');
  return /sender_batch_id|duplicate|already (exists|used)/i.test(words) || linkedBatchId(error) !== undefined;
}

/** The payout_batch_id an error's HATEOAS link points at (/v1/payments/payouts/{id}), if any. */
function linkedBatchId(error: PaypalError): string | undefined {
  for (const link of error.links ?? []) {
    const match = /\/v1\/payments\/payouts\/([^/?#]+)$/.exec(link.href);
    if (match) return decodeURIComponent(match[1]!);
  }
  return undefined;
}

/** What a create call's answer says: the batch, 'already exists' (maybe with its id), a refusal, or nothing certain. */
type CreateAnswer =
  | { kind: 'batch'; batch: Batch }
  | { kind: 'exists'; batchId: string | undefined }
  | { kind: 'refused'; reason: string }
  | { kind: 'unknown' };

function readCreateAnswer(status: number, json: unknown): CreateAnswer {
  if (status === 200 || status === 201) {
    const batch = batchSchema.safeParse(json);
    return batch.success ? { kind: 'batch', batch: batch.data } : { kind: 'unknown' };
  }
  // 400 and 422 are PayPal's answers about this payout (invalid, insufficient funds, a receiver it
  // cannot pay): final, unless they say the batch exists. Anything else (401 twice, 403, 404, 408, 409,
  // 429) is not a word on this payout, and a body that cannot be read is no word at all.
  if (status !== 400 && status !== 422) return { kind: 'unknown' };
  const error = errorSchema.safeParse(json);
  if (!error.success || (!error.data.name && !error.data.message)) return { kind: 'unknown' };
  if (isAboutExistingBatch(error.data)) return { kind: 'exists', batchId: linkedBatchId(error.data) };
  return {
    kind: 'refused',
    reason: error.data.message ?? error.data.name ?? messages.withdrawalPayoutRefused,
  };
}

/**
 * PayPal Payouts (v1/payments/payouts): one item per batch, the withdrawal's id as the batch's
 * sender_batch_id and (prefixed) as the PayPal-Request-Id, PayPal's two guards against paying twice
 * (each kept 30 days). PayPal has no lookup by sender_batch_id, so the lookup of a payout whose batch id
 * we do not know is the same request again: PayPal answers a known request id with that request's latest
 * state, and a known sender_batch_id with 'already exists' and a link to the batch, which we then read
 * by its payout_batch_id. An unclear first answer is followed by that lookup at once; an unclear lookup
 * throws, and the payout job asks again on its next run.
 */
export function createPaypalPayouts(options: PaypalOptions): PayoutProvider {
  const { call } = createPaypalClient(options);

  async function readBatch(batchId: string): Promise<Batch> {
    const { status, json } = await call(
      'GET',
      `/v1/payments/payouts/${encodeURIComponent(batchId)}`,
      undefined,
    );
    const batch = batchSchema.safeParse(json);
    if (status !== 200 || !batch.success) throw unavailable();
    return batch.data;
  }

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
      const create = async (): Promise<CreateAnswer> => {
        try {
          const { status, json } = await call('POST', '/v1/payments/payouts', body, {
            'paypal-request-id': `payout-${withdrawalId}`,
          });
          return readCreateAnswer(status, json);
        } catch {
          return { kind: 'unknown' };
        }
      };
      let answer = await create();
      if (answer.kind === 'unknown') answer = await create();
      if (answer.kind === 'refused') return { outcome: 'refused', reason: answer.reason };
      if (answer.kind === 'unknown') throw unavailable();
      const batch = answer.kind === 'batch' ? answer.batch : await readBatch(answer.batchId ?? failUnclear());
      // A batch of another withdrawal would be a bug on one side or the other: not an answer on this one.
      const sender = batch.batch_header.sender_batch_header?.sender_batch_id;
      if (sender !== undefined && sender !== withdrawalId) throw unavailable();
      return { outcome: 'submitted', batchId: batch.batch_header.payout_batch_id, state: stateOf(batch) };
    },
    async state(batchId) {
      return stateOf(await readBatch(batchId));
    },
  };
}

/** 'Already exists' without a link to the batch: we cannot read it, so we know nothing yet. */
function failUnclear(): never {
  throw unavailable();
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
