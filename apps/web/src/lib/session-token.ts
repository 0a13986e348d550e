/**
 * The access token lives in localStorage under 'access_token', as the spec says. The refresh token
 * never touches JS storage: the server keeps it in an HttpOnly cookie (architecture section 7).
 */
export const ACCESS_TOKEN_KEY = 'access_token';

type Listener = () => void;
const clearedListeners = new Set<Listener>();
const changedListeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy modes); the app then simply behaves as signed out.
    return null;
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function setAccessToken(token: string): void {
  storage()?.setItem(ACCESS_TOKEN_KEY, token);
  for (const listener of changedListeners) listener();
}

let signOuts = 0;

/** Counts sign-outs: a refresh that began before one must not bring its token back after it. */
export function signOutCount(): number {
  return signOuts;
}

/** Drops the access token and tells the session store, which then shows the user as signed out. */
export function clearSession(): void {
  signOuts += 1;
  storage()?.removeItem(ACCESS_TOKEN_KEY);
  for (const listener of clearedListeners) listener();
  for (const listener of changedListeners) listener();
}

export function onSessionCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Called after every change of the stored token (login, refresh, logout), so the socket follows it. */
export function onAccessTokenChanged(listener: Listener): () => void {
  changedListeners.add(listener);
  return () => changedListeners.delete(listener);
}
