import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * Client errors (4xx) are answers, not glitches: retrying them only repeats the answer. Network and
 * server failures get one more try. The 401 refresh-and-retry rule lives in the API client.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
