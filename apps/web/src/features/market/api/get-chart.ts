import type { ChartPoint, ChartResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { marketKeys } from './market-keys';

export async function getChart(coin: string, signal?: AbortSignal): Promise<ChartPoint[]> {
  const response = await apiClient.get<ChartResponse>(`/market/chart/${encodeURIComponent(coin)}`, {
    signal,
  });
  return response.data;
}

export function useChart(coin: string) {
  return useQuery({ queryKey: marketKeys.chart(coin), queryFn: ({ signal }) => getChart(coin, signal) });
}
