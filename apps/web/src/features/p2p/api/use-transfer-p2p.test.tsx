import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { balanceRefresh, movedAnswer, movedWallet, renderMoneyHook } from '../../wallet/test/money-hook';
import { useTransferP2p } from './p2p-api';

afterEach(() => vi.unstubAllGlobals());

const transfer = {
  body: { to_email: 'bob@example.com', amount: '0.1', from_crypto_currency_code: 'BTC' as const },
  idempotencyKey: 'k-1',
};

describe('useTransferP2p', () => {
  it("stores the answer's wallet and refreshes the balances", async () => {
    const calls = fakeApi(customer(true), { 'POST /p2p/transfer': () => movedAnswer('Transfer successful') });
    const hook = renderMoneyHook(useTransferP2p);
    await act(() => hook.result.current.mutateAsync(transfer));
    expect(calls.at(-1)?.headers.get('Idempotency-Key')).toBe('k-1');
    expect(hook.wallet()).toEqual(movedWallet);
    expect(hook.invalidated()).toEqual(balanceRefresh);
  });

  it('changes nothing when the server refuses', async () => {
    fakeApi(customer(true), {
      'POST /p2p/transfer': () => ({
        status: 422,
        body: { status: false, message: 'No', code: 'unprocessable' },
      }),
    });
    const hook = renderMoneyHook(useTransferP2p);
    await act(() => expect(hook.result.current.mutateAsync(transfer)).rejects.toThrow('No'));
    expect(hook.wallet()).toEqual({ currencies: [] });
    expect(hook.invalidated()).toEqual([]);
  });
});
