import type { SignInEventView, signInHistoryRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { signInEventPage } from './account-security.repository';

export type SignInHistoryQuery = z.output<typeof signInHistoryRequestSchema>;

/** One page of the caller's sign-in history, paged and sorted by the server. */
export async function signInHistory(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  query: SignInHistoryQuery,
): Promise<{ content: SignInEventView[]; total: number; page: number; limit: number }> {
  const { rows, total } = await signInEventPage(ctx.db, userId, query);
  return {
    content: rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      outcome: row.outcome,
      device: row.device,
      network: row.network,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}
