import type { OrderSide, PlaceOcoRequest } from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterMoneyMoved } from '../../../shared/wallet/after-money-moved';
import { placeOco } from './place-oco';
import { tradingKeys } from './query-keys';

export interface PlaceOcoVariables {
  readonly side: OrderSide;
  readonly body: PlaceOcoRequest;
  readonly idempotencyKey: string;
}

/** Places an OCO pair; on success, like a single order: the wallet stored, balances and order lists refetched. */
export function usePlaceOco() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ side, body, idempotencyKey }: PlaceOcoVariables) => placeOco(side, body, idempotencyKey),
    onSuccess: (response) => {
      void afterMoneyMoved(queryClient, response);
      void queryClient.invalidateQueries({ queryKey: tradingKeys.orders });
    },
  });
}
