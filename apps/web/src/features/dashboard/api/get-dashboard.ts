import type { DashboardResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { walletKeys } from '../../../shared/wallet/wallet-keys';

/** GET /dashboard: the wallet's value at current prices and the net USD deposited. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return apiClient.get<DashboardResponse>('/dashboard', { signal });
}

export function useDashboardFigures() {
  return useQuery({
    queryKey: walletKeys.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
    select: (response) => response.data,
  });
}
