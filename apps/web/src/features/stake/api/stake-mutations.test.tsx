import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { balanceRefresh, movedAnswer, movedWallet, renderMoneyHook } from '../../wallet/test/money-hook';
import { stakeKeys, useCreateStake, useStakeAction } from './stakes';

afterEach(() => vi.unstubAllGlobals());

describe('useCreateStake', () => {
  it("stores the answer's wallet, refreshes the balances and the stakes", async () => {
    fakeApi(customer(true), { 'POST /stake/create': () => movedAnswer('Stake created') });
    const hook = renderMoneyHook(useCreateStake);
    await act(() =>
      hook.result.current.mutateAsync({
        body: { stake_option_id: 'opt-1', starting_balance: '0.1', days: 30 },
        idempotencyKey: 'k-1',
      }),
    );
    expect(hook.wallet()).toEqual(movedWallet);
    expect(hook.invalidated()).toEqual([...balanceRefresh, stakeKeys.all]);
  });

  it('changes nothing when the server refuses', async () => {
    fakeApi(customer(true), {
      'POST /stake/create': () => ({
        status: 422,
        body: { status: false, message: 'No', code: 'unprocessable' },
      }),
    });
    const hook = renderMoneyHook(useCreateStake);
    await act(() =>
      expect(
        hook.result.current.mutateAsync({
          body: { stake_option_id: 'opt-1', starting_balance: '0.1', days: 30 },
          idempotencyKey: 'k-1',
        }),
      ).rejects.toThrow('No'),
    );
    expect(hook.wallet()).toEqual({ currencies: [] });
    expect(hook.invalidated()).toEqual([]);
  });
});

describe('useStakeAction', () => {
  it.each(['close', 're-stake'] as const)(
    "%s posts to its path, stores the answer's wallet, refreshes the balances and the stakes",
    async (action) => {
      const calls = fakeApi(customer(true), {
        [`POST /stake/${action}`]: () => movedAnswer('Done', { stake: {} }),
      });
      const hook = renderMoneyHook(useStakeAction);
      await act(() => hook.result.current.mutateAsync({ action, stakeId: 's-1', idempotencyKey: 'k-1' }));
      expect(calls.at(-1)?.body).toEqual({ stake_id: 's-1' });
      expect(hook.wallet()).toEqual(movedWallet);
      expect(hook.invalidated()).toEqual([...balanceRefresh, stakeKeys.all]);
    },
  );
});
