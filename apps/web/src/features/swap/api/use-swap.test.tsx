import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { balanceRefresh, movedAnswer, movedWallet, renderMoneyHook } from '../../wallet/test/money-hook';
import { swapKeys, useSwap } from './swap-api';

afterEach(() => vi.unstubAllGlobals());

const body = { from_amount: '0.1', quote_id: 'q-1' } as const;

describe('useSwap', () => {
  it("swaps through /swap, stores the answer's wallet, refreshes the balances and drops the quotes", async () => {
    const calls = fakeApi(customer(true), { 'POST /swap': () => movedAnswer('Swap successful') });
    const hook = renderMoneyHook(useSwap);
    await act(() =>
      hook.result.current.mutateAsync({
        kind: 'swap',
        body: { ...body, from_crypto_currency_code: 'ETH', to_crypto_currency_code: 'BTC' },
        idempotencyKey: 'k-1',
      }),
    );
    expect(calls.at(-1)?.key).toBe('POST /swap');
    expect(hook.wallet()).toEqual(movedWallet);
    expect(hook.invalidated()).toEqual(balanceRefresh);
    expect(hook.removed()).toEqual([swapKeys.quotes]);
  });

  it('buys MULTI through /swap/multi', async () => {
    const calls = fakeApi(customer(true), {
      'POST /swap/multi': () => movedAnswer('MultiCoin bought successfully'),
    });
    const hook = renderMoneyHook(useSwap);
    await act(() =>
      hook.result.current.mutateAsync({
        kind: 'multi',
        body: { ...body, from_crypto_currency_code: 'ETH', to_crypto_currency_code: 'MULTI' },
        idempotencyKey: 'k-1',
      }),
    );
    expect(calls.at(-1)?.key).toBe('POST /swap/multi');
    expect(hook.wallet()).toEqual(movedWallet);
  });

  it('drops the quotes after a refusal too, and leaves the wallet as it was', async () => {
    fakeApi(customer(true), {
      'POST /swap': () => ({ status: 422, body: { status: false, message: 'No', code: 'unprocessable' } }),
    });
    const hook = renderMoneyHook(useSwap);
    await act(() =>
      expect(
        hook.result.current.mutateAsync({
          kind: 'swap',
          body: { ...body, from_crypto_currency_code: 'ETH', to_crypto_currency_code: 'BTC' },
          idempotencyKey: 'k-1',
        }),
      ).rejects.toThrow('No'),
    );
    expect(hook.removed()).toEqual([swapKeys.quotes]);
    expect(hook.invalidated()).toEqual([]);
    expect(hook.wallet()).toEqual({ currencies: [] });
  });
});
