import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeApi } from '../test/fake-api';
import { balanceRefresh, movedAnswer, movedWallet, renderMoneyHook } from '../test/money-hook';
import { useAddUsdAmount } from './add-usd-amount';

afterEach(() => vi.unstubAllGlobals());

const credit = { body: { amount: '100.00', order_id: 'o-1' }, idempotencyKey: 'k-1' };

describe('useAddUsdAmount', () => {
  it('stores the credited wallet and refreshes the balances', async () => {
    fakeApi(customer(true), { 'POST /wallet/fiat/add/usd/amount': () => movedAnswer('Amount added') });
    const hook = renderMoneyHook(useAddUsdAmount);
    await act(() => hook.result.current.mutateAsync(credit));
    expect(hook.wallet()).toEqual(movedWallet);
    expect(hook.invalidated()).toEqual(balanceRefresh);
  });

  it('changes nothing when the credit is refused', async () => {
    fakeApi(customer(true), {
      'POST /wallet/fiat/add/usd/amount': () => ({
        status: 422,
        body: { status: false, message: 'Transaction Failed', code: 'unprocessable' },
      }),
    });
    const hook = renderMoneyHook(useAddUsdAmount);
    await act(() => expect(hook.result.current.mutateAsync(credit)).rejects.toThrow('Transaction Failed'));
    expect(hook.wallet()).toEqual({ currencies: [] });
    expect(hook.invalidated()).toEqual([]);
  });
});
