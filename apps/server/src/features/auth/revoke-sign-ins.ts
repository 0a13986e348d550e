import type { Tx } from '../../platform/db';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import { revokeUserTokens } from '../accounts/accounts.repository';

/**
 * Ends every sign-in of the user (an account being disabled), inside the caller's transaction: its
 * refresh tokens are revoked, so access tokens stop at the guards' next check, and every process
 * closes the user's sockets once the transaction commits.
 */
export async function revokeAllSignIns(tx: Tx, userId: string, at: Date): Promise<void> {
  await revokeUserTokens(tx, userId, at);
  await notifySessionsRevoked(tx, { userId });
}
