import { messages as m } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { ApiKeyCache } from './api-key-cache';
import { revokeKey } from './api-keys.repository';

/**
 * Revokes one of the caller's keys and drops its sealed secret. Once it commits, this process's key
 * cache forgets the user's keys at once and the database's trigger tells every other process to, so
 * the key is refused from its next request on. Another user's key, an unknown one or one already
 * revoked: 404, nothing changed.
 */
export async function revokeApiKey(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  keyId: string,
  keys?: Pick<ApiKeyCache, 'forgetUser'>,
): Promise<void> {
  const revoked = await revokeKey(ctx.db, userId, keyId, ctx.clock.now());
  keys?.forgetUser(userId);
  if (!revoked) throw new AppError('not_found', m.apiKeyNotFound);
}
