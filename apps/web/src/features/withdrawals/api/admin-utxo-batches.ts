import type { AdminSpeedUpUtxoBatchResponse, AdminUtxoBatchesResponse } from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const utxoBatchKeys = { all: ['admin-withdrawals', 'utxo-batches'] as const };

/**
 * How often the panel reads the batches again while it is on screen: a batch goes into flight when the
 * sender broadcasts it after an approval and out when its block is deep enough, neither by the admin's
 * hand, so the panel follows the chain instead of waiting for a reload.
 */
const UTXO_BATCHES_POLL_MS = 5_000;

/** GET /admin/withdrawals/utxo-batches: Litecoin batches not yet confirmed, with what a speed-up would pay. */
export function useUtxoBatches() {
  return useQuery({
    queryKey: utxoBatchKeys.all,
    queryFn: ({ signal }) =>
      apiClient.get<AdminUtxoBatchesResponse>('/admin/withdrawals/utxo-batches', { signal }),
    select: (response) => response.data,
    retry: false,
    refetchInterval: UTXO_BATCHES_POLL_MS,
  });
}

/** POST /admin/withdrawals/utxo-batches/speed-up: replace-by-fee of one batch. */
export function useSpeedUpUtxoBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) =>
      apiClient.post<AdminSpeedUpUtxoBatchResponse>('/admin/withdrawals/utxo-batches/speed-up', {
        batch_id: batchId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: utxoBatchKeys.all }),
  });
}
