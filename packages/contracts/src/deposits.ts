import { DEPOSIT_STATUSES, parseDecimal } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope, numberToDecimalText } from './envelope';
import { messages as m } from './messages';
import { walletSchema } from './wallet';

/** Deposits are USD only, between these amounts inclusive (cents). */
export const DEPOSIT_MIN_CENTS = 100n;
export const DEPOSIT_MAX_CENTS = 10_000_000n;

/**
 * A USD deposit amount as text (the web form's field), checked in this order: a positive number
 * ('Please enter deposit amount' for empty, zero, negative or not a number), at most 2 decimals, at
 * least 1, at most 100000.
 */
export const depositAmountTextSchema = z
  .string({ error: m.depositAmountRequired })
  .trim()
  .max(20, m.depositAmountTooLarge)
  .superRefine((value, ctx) => {
    const fine = /^\d+(\.\d+)?$/.test(value) ? parseDecimal(value, 20, 'exact') : null;
    if (fine === null || fine <= 0n) {
      ctx.addIssue({ code: 'custom', message: m.depositAmountRequired });
      return;
    }
    const cents = parseDecimal(value, 2, 'exact');
    if (cents === null) ctx.addIssue({ code: 'custom', message: m.depositAmountDecimals });
    else if (cents < DEPOSIT_MIN_CENTS) ctx.addIssue({ code: 'custom', message: m.depositAmountTooSmall });
    else if (cents > DEPOSIT_MAX_CENTS) ctx.addIssue({ code: 'custom', message: m.depositAmountTooLarge });
  });

/** The amount on the wire: a JSON number (the spec's client) or a decimal string, read as exact text. */
export const depositAmountSchema = z.preprocess(
  (value) => (typeof value === 'number' ? (numberToDecimalText(value) ?? 'NaN') : value),
  depositAmountTextSchema,
);

/** The payment provider's order id, as it gave it to us. */
export const providerOrderIdSchema = z
  .string({ error: m.depositOrderNotFound })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, m.depositOrderNotFound);

export const depositOrderSchema = z.object({
  order_id: z.string(),
  provider: z.enum(['sandbox', 'paypal']),
  amount: decimalString,
  currency: z.literal('USD'),
  status: z.enum(DEPOSIT_STATUSES),
  createdAt: z.string(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

/** POST /wallet/deposits/orders: opens an order at the payment provider. */
export const createDepositOrderRequestSchema = z.object({ amount: depositAmountSchema });
export type CreateDepositOrderRequest = z.input<typeof createDepositOrderRequestSchema>;
export const depositOrderResponseSchema = envelope(z.object({ order: depositOrderSchema }));
export type DepositOrderResponse = z.infer<typeof depositOrderResponseSchema>;

/** POST /wallet/deposits/sandbox/:orderId/approve and /decline. */
export const sandboxOrderParamsSchema = z.object({ orderId: providerOrderIdSchema });

/**
 * POST /wallet/fiat/add/usd/amount: asks the server to capture and credit an approved order. The
 * amount must repeat the order's amount; it never decides what is credited.
 */
export const addUsdRequestSchema = z.object({ amount: depositAmountSchema, order_id: providerOrderIdSchema });
export type AddUsdRequest = z.input<typeof addUsdRequestSchema>;
export const addUsdResponseSchema = envelope(z.object({ wallet: walletSchema }));
export type AddUsdResponse = z.infer<typeof addUsdResponseSchema>;
