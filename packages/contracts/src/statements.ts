import { STATEMENT_MAX_DAYS, type StatementRangeRejection } from '@exchange/domain';
import { z } from 'zod';
import { decimalString } from './envelope';
import { formatMessage, messages } from './messages';
import type { RejectionCode } from './rejections';

/**
 * GET /wallet/statement (JSON, for the screen) and GET /wallet/statement/export.csv (the file): the
 * account statement for UTC days `from` to `to`, both included. The domain's statementRange checks
 * the dates; the schema only asks for two short strings, so every refusal reads as its own message.
 */
export const statementQuerySchema = z.object({
  from: z.string({ error: messages.statementDateInvalid }).trim().max(10, messages.statementDateInvalid),
  to: z.string({ error: messages.statementDateInvalid }).trim().max(10, messages.statementDateInvalid),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

/** How the API answers each reason the domain refuses a statement's dates: 400 with a plain sentence. */
export const STATEMENT_RANGE_REJECTIONS = {
  statement_date_invalid: { code: 'validation_failed', message: messages.statementDateInvalid },
  statement_range_reversed: { code: 'validation_failed', message: messages.statementRangeReversed },
  statement_range_too_long: {
    code: 'validation_failed',
    message: formatMessage(messages.statementRangeTooLong, { days: String(STATEMENT_MAX_DAYS) }),
  },
  statement_range_future: { code: 'validation_failed', message: messages.statementRangeFuture },
} as const satisfies Record<
  StatementRangeRejection,
  { readonly code: RejectionCode; readonly message: string }
>;

/** A movement's amount: a decimal string with a minus sign when the balance went down. */
const signedDecimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number');

/** One movement of an asset: a journal entry's net change of the user's balance (available + locked). */
export const statementMovementSchema = z.object({
  time: z.string(),
  /** The entry's kind, e.g. DEPOSIT, TRADE, WITHDRAWAL. */
  kind: z.string(),
  /** The entry's reference (what posted it), when it has one. */
  reference: z.string().nullable(),
  /** Signed: positive in, negative out, at the asset's precision. */
  amount: signedDecimal,
  /** The balance after this movement. */
  balance: decimalString,
});
export type StatementMovement = z.infer<typeof statementMovementSchema>;

export const statementAssetSchema = z.object({
  asset: z.string(),
  opening: decimalString,
  movements: z.array(statementMovementSchema),
  closing: decimalString,
});
export type StatementAsset = z.infer<typeof statementAssetSchema>;

export const statementResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** Every asset with a balance or a movement in the range, in the wallet's asset order. */
    assets: z.array(statementAssetSchema),
  }),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

/** The statement file's columns: one opening row, the movements and one closing row per asset. */
export const STATEMENT_CSV_HEADER = ['asset', 'time_utc', 'kind', 'reference', 'amount', 'balance'] as const;
