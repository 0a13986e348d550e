import type { PublicUser } from '@exchange/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { isApiError } from '../../lib/api-client';
import {
  ACCESS_TOKEN_KEY,
  clearSession,
  getAccessToken,
  onAccessTokenChanged,
  onSessionCleared,
  setAccessToken,
} from '../../lib/session-token';
import { getMe } from './api/get-me';
import { logout } from './api/logout';
import { type Session, SessionContext, type SessionStatus } from './session-context';

export const SESSION_QUERY_KEY = ['session', 'me'] as const;

/** Re-reads whether a token is stored after each change of it, in this tab (login, refresh, logout) or another. */
function subscribeToToken(onChange: () => void): () => void {
  const stop = onAccessTokenChanged(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    stop();
    window.removeEventListener('storage', onChange);
  };
}

const hasStoredToken = () => getAccessToken() !== null;
/**
 * The prerendered landing page was rendered signed out, so while React hydrates it the session is
 * signed out too (the HTML and the first render must agree); right after, it reads the stored token.
 */
const signedOutInPrerender = () => false;

/**
 * The session: who is signed in, hydrated on load from GET /auth/me when an access token is stored
 * (the API client refreshes an expired one first). The user lives in the query cache, so a screen
 * can refresh it with the usual invalidation.
 */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const queryClient = useQueryClient();
  const hasToken = useSyncExternalStore(subscribeToToken, hasStoredToken, signedOutInPrerender);

  useEffect(() => {
    const unsubscribe = onSessionCleared(() => {
      queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
    });
    // Another tab logging in or out changes the stored token; follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_KEY || event.key === null) {
        if (!hasStoredToken()) queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
        else void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);

  const me = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    enabled: hasToken,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  // A token the server still refuses after the refresh is worthless: drop it.
  const rejected = me.isError && isApiError(me.error) && (me.error.status === 401 || me.error.status === 403);
  useEffect(() => {
    if (rejected) clearSession();
  }, [rejected]);

  const signIn = useCallback(
    (accessToken: string, user: PublicUser) => {
      setAccessToken(accessToken);
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
    [queryClient],
  );

  const setUser = useCallback(
    (user: PublicUser) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
    [queryClient],
  );

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // Logging out locally must work even when the server cannot be reached.
    }
    // Spec section 4: logout clears all browser storage.
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // Blocked storage has nothing to clear.
    }
    clearSession();
    queryClient.clear();
  }, [queryClient]);

  const user = hasToken ? (me.data ?? null) : null;
  let status: SessionStatus;
  if (!hasToken || rejected) status = 'anonymous';
  else if (user) status = 'authenticated';
  else if (me.isError) status = 'error';
  else status = 'loading';

  const value = useMemo<Session>(
    () => ({
      status,
      user: status === 'authenticated' ? user : null,
      role: status === 'authenticated' ? (user?.role ?? user?.user_role ?? null) : null,
      isAuthenticated: status === 'authenticated',
      isAdmin: status === 'authenticated' && (user?.role ?? user?.user_role) === 'ADMIN',
      is_kyc_verified: status === 'authenticated' && user?.is_kyc_verified === true,
      signIn,
      setUser,
      reload,
      signOut,
    }),
    [status, user, signIn, setUser, reload, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
