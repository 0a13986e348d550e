import { z } from 'zod';
import { envelope, messageEnvelope, page } from './envelope';
import { messages as m } from './messages';
import { pagingSchema } from './paging';
import type { RejectionCode } from './rejections';

/** The Security page's API: sessions, sign-in history and the anti-phishing phrase (issue 36). */

// ---------------------------------------------------------------- GET /security/sessions

export const sessionViewSchema = z.object({
  id: z.string(),
  device: z.string(),
  network: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session this request was made from ('This device'). */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const sessionsResponseSchema = envelope(z.array(sessionViewSchema));
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

// ---------------------------------------------------------------- POST /security/sessions/:id/revoke

export const sessionParamsSchema = z.object({ id: z.uuid() });
export const revokeSessionResponseSchema = messageEnvelope;

/** How the API answers the domain's refusals of a sign-out (domain: sessionsToEnd). */
export const SESSION_REJECTIONS = {
  session_not_found: { code: 'not_found', message: m.sessionNotFound },
} as const satisfies Record<string, { readonly code: RejectionCode; readonly message: string }>;

// ---------------------------------------------------------------- POST /security/sessions/revoke-others

export const revokeOtherSessionsResponseSchema = envelope(z.object({ ended: z.number().int() }));

// ---------------------------------------------------------------- GET /security/sign-ins

export const SIGN_IN_OUTCOMES = ['SUCCESS', 'WRONG_PASSWORD', 'WRONG_CODE', 'REFUSED'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

export const SIGN_IN_HISTORY_PAGE_SIZE = 10;

export const signInHistoryRequestSchema = pagingSchema({
  defaultLimit: SIGN_IN_HISTORY_PAGE_SIZE,
  maxLimit: 50,
  /** Searches the device and the network. */
  searchMax: 64,
  orderBy: { values: { '-createdAt': 'desc', createdAt: 'asc' }, default: '-createdAt' },
});
export type SignInHistoryRequest = z.input<typeof signInHistoryRequestSchema>;

export const signInEventViewSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  device: z.string(),
  network: z.string(),
});
export type SignInEventView = z.infer<typeof signInEventViewSchema>;

export const signInHistoryResponseSchema = envelope(page(signInEventViewSchema));
export type SignInHistoryResponse = z.infer<typeof signInHistoryResponseSchema>;

// ---------------------------------------------------------------- GET/POST /security/anti-phishing

export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 32;

/** Letters and digits of any alphabet and spaces, 4 to 32 of them once trimmed. */
export const antiPhishingPhraseSchema = z
  .string({ error: m.antiPhishingInvalid })
  .trim()
  .min(ANTI_PHISHING_MIN, m.antiPhishingInvalid)
  .max(ANTI_PHISHING_MAX, m.antiPhishingInvalid)
  .regex(/^[\p{L}\p{N} ]+$/u, m.antiPhishingInvalid);

/** Sets the phrase; `null` removes it. */
export const antiPhishingRequestSchema = z.object({ phrase: antiPhishingPhraseSchema.nullable() });
export type AntiPhishingRequest = z.input<typeof antiPhishingRequestSchema>;

export const antiPhishingResponseSchema = envelope(z.object({ phrase: z.string().nullable() }));
export type AntiPhishingResponse = z.infer<typeof antiPhishingResponseSchema>;
