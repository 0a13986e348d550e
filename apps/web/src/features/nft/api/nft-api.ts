import {
  type MessageEnvelope,
  NFT_PAGE_SIZE,
  type NftAdminListResponse,
  type NftBuyResponse,
  type NftItemResponse,
  type NftListResponse,
  type NftSalesResponse,
  type NftStatusCode,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { afterMoneyMoved } from '../../../shared/wallet/after-money-moved';

export type NftOrder = 'newest' | 'oldest' | 'price_asc' | 'price_desc';

export const nftKeys = {
  all: ['nft'] as const,
  market: (page: number, search: string, orderBy: NftOrder) =>
    ['nft', 'market', page, search, orderBy] as const,
  mine: (page: number) => ['nft', 'mine', page] as const,
  detail: (id: string) => ['nft', 'detail', id] as const,
  admin: (page: number, search: string) => ['nft', 'admin', page, search] as const,
  sales: (page: number, search: string) => ['nft', 'sales', page, search] as const,
};

/** POST /users/getAllNftMarketPlace: one page of items for sale, searched and sorted on the server. */
export function useNftMarketplace(page: number, search: string, orderBy: NftOrder) {
  return useQuery({
    queryKey: nftKeys.market(page, search, orderBy),
    queryFn: ({ signal }) =>
      apiClient.post<NftListResponse>(
        '/users/getAllNftMarketPlace',
        { page, limit: NFT_PAGE_SIZE, search, orderBy },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /nft/myNfts: one page of the caller's own items. */
export function useMyNfts(page: number) {
  return useQuery({
    queryKey: nftKeys.mine(page),
    queryFn: ({ signal }) =>
      apiClient.post<NftListResponse>('/nft/myNfts', { page, limit: NFT_PAGE_SIZE }, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /nftDetailById: an item with its description, owner and price history. */
export function useNftDetail(id: string) {
  return useQuery({
    queryKey: nftKeys.detail(id),
    queryFn: ({ signal }) => apiClient.post<NftItemResponse>('/nftDetailById', { id }, { signal }),
    select: (response) => response.data,
    enabled: id !== '',
    retry: false,
    // While its token is being minted or sent, the page follows it until the chain has answered.
    refetchInterval: (query) => {
      const state = query.state.data?.data.chain_state;
      return state === 'MINTING' || state === 'SENDING' ? 3000 : false;
    },
  });
}

/** POST /nft/buy at the confirmed price; one Idempotency-Key per confirmed purchase. */
export function useBuyNft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string; price: string; idempotencyKey: string }) =>
      apiClient.post<NftBuyResponse>(
        '/nft/buy',
        { id: variables.id, price: variables.price },
        { idempotencyKey: variables.idempotencyKey },
      ),
    onSuccess: (response) => {
      void afterMoneyMoved(queryClient, response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.all }),
  });
}

/** POST /nft/listForSale at `price`, or /nft/withdrawFromSale when `price` is null. */
export function useChangeNftListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string; price: string | null }) =>
      variables.price === null
        ? apiClient.post<NftItemResponse>('/nft/withdrawFromSale', { id: variables.id })
        : apiClient.post<NftItemResponse>('/nft/listForSale', { id: variables.id, price: variables.price }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.all }),
  });
}

/** POST /nft/sendToWallet: the owner's minted token to their own address, with the two-factor code. */
export function useSendNftToWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; address: string; totp: string }) =>
      apiClient.post<NftItemResponse>('/nft/sendToWallet', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.all }),
  });
}

/** POST /admin/nftList: every item, newest first. */
export function useAdminNfts(page: number, search: string, id?: string) {
  return useQuery({
    queryKey: [...nftKeys.admin(page, search), id ?? ''],
    queryFn: ({ signal }) =>
      apiClient.post<NftAdminListResponse>(
        '/admin/nftList',
        { page, limit: 10, search, ...(id ? { id } : {}) },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/nftSales: every sale, newest first. */
export function useAdminNftSales(page: number, search: string, itemId?: string) {
  return useQuery({
    queryKey: [...nftKeys.sales(page, search), itemId ?? ''],
    queryFn: ({ signal }) =>
      apiClient.post<NftSalesResponse>(
        '/admin/nftSales',
        { page, limit: 10, search, ...(itemId ? { id: itemId } : {}) },
        { signal },
      ),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/createNft with form data (name, description, price, coin and the image). */
export function useCreateNft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiClient.post<NftItemResponse>('/admin/createNft', form),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.all }),
  });
}

/** POST /updateContentStatus: shows or hides an item. */
export function useUpdateNftStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; status: NftStatusCode }) =>
      apiClient.post<MessageEnvelope>('/updateContentStatus', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.all }),
  });
}
