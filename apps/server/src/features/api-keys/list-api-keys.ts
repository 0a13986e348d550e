import type { ApiKeyView, apiKeysRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { toApiKeyView } from './api-key-view';
import { liveKeyPage } from './api-keys.repository';

export type ApiKeysQuery = z.output<typeof apiKeysRequestSchema>;

/** One page of the caller's live API keys, newest first, paged by the server. */
export async function listApiKeys(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  query: ApiKeysQuery,
): Promise<{ content: ApiKeyView[]; total: number; page: number; limit: number }> {
  const { rows, total } = await liveKeyPage(ctx.db, userId, query);
  return { content: rows.map(toApiKeyView), total, page: query.page, limit: query.limit };
}
