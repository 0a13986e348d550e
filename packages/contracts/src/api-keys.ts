import { z } from 'zod';
import { envelope, messageEnvelope, page } from './envelope';
import { formatMessage, messages as m } from './messages';
import { pagingSchema } from './paging';
import { secondFactorFields } from './two-factor';

/** API keys for programs: create, list, revoke (the Security page; issue 39). */

/** The most live keys one account may hold. */
export const MAX_API_KEYS = 20;
export const API_KEY_LABEL_MAX = 40;
export const API_KEY_IPS_MAX = 30;
export const API_KEYS_PAGE_SIZE = 10;

export const API_KEY_PERMISSIONS = ['read', 'trade'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** A key reads, or reads and trades: ['read'] or ['read', 'trade']. No key withdraws. */
export const apiKeyPermissionsSchema = z.union(
  [z.tuple([z.literal('read')]), z.tuple([z.literal('read'), z.literal('trade')])],
  { error: m.apiKeyPermissionsInvalid },
);

/** One allow-list entry: an IPv4 or IPv6 address, or a CIDR range of either. */
export const ipAllowEntrySchema = z
  .string({ error: m.apiKeyIpInvalid })
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: m.apiKeyIpInvalid }));

// ---------------------------------------------------------------- POST /security/api-keys

export const createApiKeyRequestSchema = z.object({
  label: z
    .string({ error: m.apiKeyLabelRequired })
    .trim()
    .min(1, m.apiKeyLabelRequired)
    .max(API_KEY_LABEL_MAX, formatMessage(m.apiKeyLabelTooLong, { max: String(API_KEY_LABEL_MAX) })),
  permissions: apiKeyPermissionsSchema,
  ip_allow_list: z
    .array(ipAllowEntrySchema)
    .max(API_KEY_IPS_MAX, formatMessage(m.apiKeyIpTooMany, { max: String(API_KEY_IPS_MAX) }))
    .default([]),
  /** With two-factor on, an authenticator code (or a recovery code) is needed as well. */
  ...secondFactorFields,
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** A key as its owner sees it in the list: never the secret, only the key's first characters. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The first characters of the key string, to tell keys apart. */
  key_prefix: z.string(),
  permissions: z.array(z.enum(API_KEY_PERMISSIONS)),
  ip_allow_list: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** The creation's answer: the key string and its secret, shown this once and never again. */
export const createdApiKeySchema = apiKeyViewSchema.extend({ api_key: z.string(), secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export const createApiKeyResponseSchema = envelope(createdApiKeySchema);
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

// ---------------------------------------------------------------- GET /security/api-keys

export const apiKeysRequestSchema = pagingSchema({ defaultLimit: API_KEYS_PAGE_SIZE, maxLimit: 50 });
export type ApiKeysRequest = z.input<typeof apiKeysRequestSchema>;
export const apiKeysResponseSchema = envelope(page(apiKeyViewSchema));
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

// ---------------------------------------------------------------- POST /security/api-keys/:id/revoke

export const apiKeyParamsSchema = z.object({ id: z.uuid() });
export const revokeApiKeyResponseSchema = messageEnvelope;
