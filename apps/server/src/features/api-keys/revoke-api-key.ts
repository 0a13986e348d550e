import { messages as m } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { revokeKey } from './api-keys.repository';

/**
 * Revokes one of the caller's keys and drops its sealed secret. Signed requests read the key on every
 * request, so the key is refused from its next request on. Another user's key, an unknown one or one
 * already revoked: 404, nothing changed.
 */
export async function revokeApiKey(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  keyId: string,
): Promise<void> {
  if (!(await revokeKey(ctx.db, userId, keyId, ctx.clock.now())))
    throw new AppError('not_found', m.apiKeyNotFound);
}
