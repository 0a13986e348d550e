import type { ApiKeyPermission, ApiKeyView } from '@exchange/contracts';
import type { ApiKeyRow } from './api-keys.repository';

/** A key as its owner sees it: never the secret, never the whole key string. */
export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  const permissions: ApiKeyPermission[] = row.canTrade ? ['read', 'trade'] : ['read'];
  return {
    id: row.id,
    label: row.label,
    key_prefix: row.keyPrefix,
    permissions,
    ip_allow_list: row.ipAllowList,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
