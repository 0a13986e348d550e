import { z } from 'zod';
import { rejectionCodeSchema } from './rejections';

/** Every answer of the API: `{ status, message, data?, code? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.boolean(), message: z.string(), data, code: z.string().optional() });
}

export const messageEnvelope = z.object({
  status: z.boolean(),
  message: z.string(),
  code: z.string().optional(),
});
export type MessageEnvelope = z.infer<typeof messageEnvelope>;

export const errorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  code: rejectionCodeSchema,
  /** Field-level problems of a rejected request body, keyed by field path. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Lists are paged: `{ content, total, page, limit }`. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

/** A decimal amount on the wire: a string of digits with an optional fraction. Never a JSON number. */
export const decimalString = z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number');

/** An Idempotency-Key: 1 to 128 characters of letters, digits, underscore, hyphen, colon and dot. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_\-:.]{1,128}$/);

/**
 * Turns a JSON number into its shortest decimal text without an exponent ('1e-7' becomes
 * '0.0000001'), so a client that sends `quantity: 0.001` is read exactly like one that sends '0.001'.
 * Returns null for NaN and the infinities, which no amount can be.
 */
export function numberToDecimalText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign, whole = '', fraction = '', exponentText = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * An amount, quantity or price in a request: a JSON number or a string, read as text (at most 40
 * characters) so that the feature's own rules decide what is valid and answer with the spec's message.
 * Empty and missing values stay empty (`null`), so 'Please Enter Quantity' and the like can be said.
 * zod refuses non-finite numbers before they get here (JSON cannot carry them anyway).
 */
export const wireDecimal = z
  .union([z.number(), z.string().max(40)])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return value.trim();
    return numberToDecimalText(value) ?? 'NaN';
  });
