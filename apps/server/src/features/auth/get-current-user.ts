import type { PublicUser } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import type { Session } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import * as accounts from '../accounts/accounts.repository';
import { toPublicUser } from './public-user';

/** The signed-in user, read fresh, so a KYC approval or a role change shows at once. */
export async function getCurrentUser(ctx: AppContext, session: Session): Promise<PublicUser> {
  const user = await accounts.findUserById(ctx.db, session.userId);
  if (!user) throw new AppError('unauthorized', 'Unauthorized');
  return toPublicUser(user);
}
