import type { PublicUser, Role } from '@exchange/contracts';
import { createContext, useContext } from 'react';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous' | 'error';

export interface Session {
  /** `loading` while a stored token is being checked against GET /auth/me. */
  readonly status: SessionStatus;
  readonly user: PublicUser | null;
  readonly role: Role | null;
  readonly isAuthenticated: boolean;
  readonly isAdmin: boolean;
  /** Set by an admin's KYC approval on the server; the client only reads it. */
  readonly is_kyc_verified: boolean;
  /** After a login: keeps the access token and the user. */
  signIn(accessToken: string, user: PublicUser): void;
  /** After a profile update: replaces the cached user. */
  setUser(user: PublicUser): void;
  /** Re-reads the user from the server (after KYC approval, for example). */
  reload(): Promise<void>;
  /** Logs out on the server, clears browser storage and the cached data. The caller navigates. */
  signOut(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
