import type { PlaceOrderRequest } from '@exchange/contracts';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { balanceRefresh, movedAnswer, movedWallet, renderMoneyHook } from '../../wallet/test/money-hook';
import { useCancelOrder } from './orders';
import { tradingKeys } from './query-keys';
import { usePlaceOrder } from './use-place-order';

afterEach(() => vi.unstubAllGlobals());

const refused = {
  status: 422,
  body: { status: false, message: 'Insufficient amount', code: 'unprocessable' },
};

const order: PlaceOrderRequest = {
  side: 'buy',
  type: 'instant',
  crypto_currency_code: 'BTC',
  fiat_currency_code: 'USD',
  market_id: null,
  quantity: '0.5',
  limitPrice: null,
  quote_id: 'q-1',
};

describe('usePlaceOrder', () => {
  it("stores the answer's wallet, refreshes the balances and the order lists", async () => {
    const calls = fakeApi(customer(true), {
      'POST /wallet/limitorder/limitInstant/buy': () => movedAnswer('Order placed', { order: null }),
    });
    const hook = renderMoneyHook(usePlaceOrder);
    await act(() => hook.result.current.mutateAsync({ body: order, idempotencyKey: 'k-1' }));
    expect(hook.wallet()).toEqual(movedWallet);
    expect(hook.invalidated()).toEqual(expect.arrayContaining([...balanceRefresh, tradingKeys.orders]));
    expect(calls.at(-1)?.headers.get('Idempotency-Key')).toBe('k-1');
  });

  it('changes nothing when the server refuses', async () => {
    fakeApi(customer(true), { 'POST /wallet/limitorder/limitInstant/buy': () => refused });
    const hook = renderMoneyHook(usePlaceOrder);
    await act(() =>
      expect(hook.result.current.mutateAsync({ body: order, idempotencyKey: 'k-1' })).rejects.toThrow(
        'Insufficient amount',
      ),
    );
    expect(hook.wallet()).toEqual({ currencies: [] });
    expect(hook.invalidated()).toEqual([]);
  });
});

describe('useCancelOrder', () => {
  const cancel = { market_id: 'BTC-USDT', order_id: 'o-1' };

  it("stores the answer's wallet and has refetched the balances and the lists when it settles", async () => {
    fakeApi(customer(true), {
      'GET /wallet/limitorder/market/cancle-open-order': () => movedAnswer('Order cancelled'),
    });
    const hook = renderMoneyHook(useCancelOrder);
    await act(() => hook.result.current.mutateAsync(cancel));
    expect(hook.wallet()).toEqual(movedWallet);
    expect(hook.invalidated()).toEqual([...balanceRefresh, tradingKeys.orders]);
  });

  it('refetches the balances and the lists after a refusal too, leaving the wallet as it was', async () => {
    fakeApi(customer(true), { 'GET /wallet/limitorder/market/cancle-open-order': () => refused });
    const hook = renderMoneyHook(useCancelOrder);
    await act(() => expect(hook.result.current.mutateAsync(cancel)).rejects.toThrow());
    await waitFor(() => expect(hook.invalidated()).toEqual([...balanceRefresh, tradingKeys.orders]));
    expect(hook.wallet()).toEqual({ currencies: [] });
  });
});
