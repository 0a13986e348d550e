import type { ReserveReportResponse } from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { reservesKeys } from './reserves-api';

/** POST /admin/reserves/reports (an admin's demand): the new report; the lists are read again. */
export function useMakeReserveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<ReserveReportResponse>('/admin/reserves/reports', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservesKeys.all }),
  });
}
