import { z } from 'zod';

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
  code: z.string(),
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

/** Header name for idempotent money-moving POSTs. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** An Idempotency-Key: 1 to 128 characters of letters, digits, underscore, hyphen, colon and dot. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_\-:.]{1,128}$/);
