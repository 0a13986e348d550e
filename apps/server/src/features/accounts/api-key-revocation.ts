import type { Tx } from '../../platform/db';

/**
 * How the account's security events (a password changed or reset, two-factor turned off, 'Sign out
 * all other sessions') end the account's API keys along with its sign-ins: a program holding a key
 * made under the old password or factor is as much a way in as a signed-in device. The API key feature
 * implements it and the composition root (app.ts) hands it to auth and account-security: the kernel
 * declares it, since a customer feature never imports another.
 */
export interface ApiKeyRevocation {
  /** Revokes every live API key of the user inside the event's transaction; answers how many. */
  revokeAll(tx: Tx, userId: string, at: Date): Promise<number>;
  /** After the commit: this process forgets the user's keys at once (the others on the NOTIFY). */
  forget(userId: string): void;
}
