import type {
  ReserveProofResponse,
  ReserveReportListResponse,
  ReserveReportResponse,
} from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const reservesKeys = {
  all: ['reserves'] as const,
  list: (page: number) => ['reserves', 'list', page] as const,
  report: (id: string) => ['reserves', 'report', id] as const,
  proof: (id: string) => ['reserves', 'proof', id] as const,
};

export const RESERVES_PAGE_SIZE = 10;

export function getReserveReports(page: number, signal?: AbortSignal): Promise<ReserveReportListResponse> {
  return apiClient.get<ReserveReportListResponse>('/reserves/reports', {
    signal,
    query: { page, limit: RESERVES_PAGE_SIZE },
  });
}

export function getReserveReport(id: string, signal?: AbortSignal): Promise<ReserveReportResponse> {
  return apiClient.get<ReserveReportResponse>(`/reserves/reports/${encodeURIComponent(id)}`, { signal });
}

/** The signed-in customer's own proof: the server picks the leaf from the session. */
export function getMyReserveProof(id: string, signal?: AbortSignal): Promise<ReserveProofResponse> {
  return apiClient.get<ReserveProofResponse>(`/reserves/reports/${encodeURIComponent(id)}/my-proof`, {
    signal,
  });
}

/** A page of reports, newest first; the previous page stays while the next loads. */
export function useReserveReports(page: number) {
  return useQuery({
    queryKey: reservesKeys.list(page),
    queryFn: ({ signal }) => getReserveReports(page, signal),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

export function useReserveReport(id: string | undefined) {
  return useQuery({
    queryKey: reservesKeys.report(id ?? ''),
    queryFn: ({ signal }) => getReserveReport(id as string, signal),
    select: (response) => response.data,
    enabled: id !== undefined,
  });
}
