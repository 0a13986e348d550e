import { apiClient } from '../../../lib/api-client';

/**
 * Revokes the refresh token and clears its cookie. A stale access token is no reason to refresh
 * just to log out, so a 401 here is accepted as "already signed out".
 */
export async function logout(): Promise<void> {
  await apiClient.get('/auth/logout', { refreshOnUnauthorized: false });
}
