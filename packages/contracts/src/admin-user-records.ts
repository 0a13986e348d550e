import { z } from 'zod';
import { envelope } from './envelope';
import { messages as m } from './messages';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, pagingSchema } from './paging';

// A customer on one page (issue 46 point 2): the admin user page's sections beyond the spec's tables,
// each a page of one kind of the customer's records, read on the server.

export const ADMIN_USER_RECORD_KINDS = [
  'open_orders',
  'deposits',
  'coin_deposits',
  'withdrawals',
  'stakes',
  'nfts',
  'sign_ins',
  'sessions',
  'api_keys',
  'addresses',
] as const;
export type AdminUserRecordKind = (typeof ADMIN_USER_RECORD_KINDS)[number];

/** POST /admin/user-records: one page (10 by default) of one kind of a customer's records, newest first. */
export const adminUserRecordsRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  filters: {
    userId: z.uuid({ error: m.adminUserNotFound }),
    kind: z.enum(ADMIN_USER_RECORD_KINDS),
  },
});
export type AdminUserRecordsRequest = z.input<typeof adminUserRecordsRequestSchema>;

/**
 * One record as the section lists it: what it is, its amount with its asset (decimal text, null when
 * it has none), its status, and a line of detail (an address, a device and network, a key prefix).
 */
export const adminUserRecordSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  title: z.string(),
  amount: z.string().nullable(),
  status: z.string(),
  detail: z.string(),
  /** An API key the admin may revoke, or a session they may end (live ones only). */
  revocable: z.boolean(),
});
export type AdminUserRecord = z.infer<typeof adminUserRecordSchema>;

export const adminUserRecordsResponseSchema = envelope(
  z.object({
    content: z.array(adminUserRecordSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type AdminUserRecordsResponse = z.infer<typeof adminUserRecordsResponseSchema>;

/** POST /admin/revoke-api-key: revokes one of a customer's API keys (audited). */
export const adminRevokeApiKeyRequestSchema = z.object({
  userId: z.uuid({ error: m.adminUserNotFound }),
  keyId: z.uuid({ error: m.apiKeyNotFound }),
});
export type AdminRevokeApiKeyRequest = z.input<typeof adminRevokeApiKeyRequestSchema>;
export const adminRevokeApiKeyResponseSchema = envelope(z.object({ revoked: z.boolean() }));
export type AdminRevokeApiKeyResponse = z.infer<typeof adminRevokeApiKeyResponseSchema>;

/**
 * POST /admin/end-sessions: ends one of a customer's sessions (`sessionId`), or every one when it is
 * left out (audited): the device is signed out at its next request and its live connections close.
 */
export const adminEndSessionsRequestSchema = z.object({
  userId: z.uuid({ error: m.adminUserNotFound }),
  sessionId: z.uuid({ error: m.adminSessionNotFound }).optional(),
});
export type AdminEndSessionsRequest = z.input<typeof adminEndSessionsRequestSchema>;
export const adminEndSessionsResponseSchema = envelope(z.object({ ended: z.number().int() }));
export type AdminEndSessionsResponse = z.infer<typeof adminEndSessionsResponseSchema>;
