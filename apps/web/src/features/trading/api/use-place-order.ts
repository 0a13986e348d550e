import type { PlaceOrderRequest } from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterMoneyMoved } from '../../../shared/wallet/after-money-moved';
import { placeOrder } from './place-order';
import { tradingKeys } from './query-keys';

export interface PlaceOrderVariables {
  readonly body: PlaceOrderRequest;
  readonly idempotencyKey: string;
}

/**
 * Places an order; on success the answer's wallet is stored, the balances refreshed and the order
 * lists refetched (a limit order rests on the book, an instant one may have filled a resting one).
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: PlaceOrderVariables) => placeOrder(body, idempotencyKey),
    onSuccess: (response) => {
      void afterMoneyMoved(queryClient, response);
      void queryClient.invalidateQueries({ queryKey: tradingKeys.orders });
    },
  });
}
