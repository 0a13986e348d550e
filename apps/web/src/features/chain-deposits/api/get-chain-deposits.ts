import type { ChainDepositsRequest, ChainDepositsResponse } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../components/ui/data-table';
import { apiClient } from '../../../lib/api-client';
import { chainDepositKeys } from './chain-deposit-keys';

/** One page of the caller's deposits seen on a chain, as the server pages and searches them. */
export interface ChainDepositsQuery {
  readonly page: number;
  /** Trimmed; '' for none. The server matches the coin, the tx hash or the status. */
  readonly search: string;
  readonly limit?: number;
}

export function chainDepositsBody({ page, search, limit }: ChainDepositsQuery): ChainDepositsRequest {
  return { page, limit: limit ?? DEFAULT_PAGE_SIZE, search: search || undefined, orderBy: '-createdAt' };
}

/**
 * POST /wallet/chain-deposits: newest first. The cache holds the server's answer as it came, so the
 * socket's `chain_deposit` events can update a row in place (chain-deposit-event.ts).
 */
export function useChainDeposits(query: ChainDepositsQuery) {
  return useQuery({
    queryKey: [...chainDepositKeys.lists, query.page, query.search, query.limit ?? DEFAULT_PAGE_SIZE],
    queryFn: ({ signal }) =>
      apiClient.post<ChainDepositsResponse>('/wallet/chain-deposits', chainDepositsBody(query), { signal }),
    select: (response) => ({ rows: response.data.content, total: response.data.total }),
    placeholderData: keepPreviousData,
  });
}
