import type { Tx } from '../../platform/db';

/**
 * How the account's security events (a password changed or reset, two-factor turned off, 'Sign out
 * all other sessions') end the account's API keys along with its sign-ins: a program holding a key
 * made under the old password or factor is as much a way in as a signed-in device. The API key feature
 * implements it and the composition root (app.ts) hands it over, since that feature depends on this
 * one (a key's creation proves the second factor here).
 */
export interface ApiKeyRevocation {
  /** Revokes every live API key of the user inside the event's transaction; answers how many. */
  revokeAll(tx: Tx, userId: string, at: Date): Promise<number>;
  /** After the commit: this process forgets the user's keys at once (the others on the NOTIFY). */
  forget(userId: string): void;
}
