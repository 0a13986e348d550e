import type { ChainDepositsResponse } from '@exchange/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { walletKeys } from '../../shared/wallet/wallet-keys';
import { createFakeRealtime } from '../market/test/fakes';
import { chainDepositKeys } from './api/chain-deposit-keys';
import { deposit } from './test/fixtures';
import { useChainDepositEvents } from './use-chain-deposit-events';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

function Probe({
  enabled,
  client,
}: {
  enabled: boolean;
  client: ReturnType<typeof createFakeRealtime>['client'];
}) {
  useChainDepositEvents(enabled, client);
  return null;
}

const listKey = [...chainDepositKeys.lists, 1, '', 10];
const cachedPage = (rows = [deposit(1)]): ChainDepositsResponse => ({
  status: true,
  message: 'Chain deposits',
  data: { content: rows, total: rows.length, page: 1, limit: 10 },
});

function setup(enabled = true) {
  const fake = createFakeRealtime();
  const queryClient = createQueryClient();
  queryClient.setQueryData(listKey, cachedPage());
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <Probe enabled={enabled} client={fake.client} />
    </QueryClientProvider>,
  );
  return {
    fake,
    queryClient,
    invalidated: () => invalidate.mock.calls.map(([filters]) => filters?.queryKey),
    rows: () => queryClient.getQueryData<ChainDepositsResponse>(listKey)?.data.content,
  };
}

describe('useChainDepositEvents', () => {
  it('does not listen while signed out', () => {
    const { fake } = setup(false);
    expect(fake.client.subscribe).not.toHaveBeenCalled();
  });

  it('moves a listed deposit in place, ignoring other events and malformed deposits', () => {
    const { fake, rows, invalidated } = setup();
    act(() => {
      fake.emit('user', { type: 'balance' });
      fake.emit('user', { type: 'chain_deposit', deposit: { _id: 'd-1', confirmations: 'many' } });
      fake.emit('user', { type: 'chain_deposit', deposit: deposit(1, { confirmations: 5 }) });
    });
    expect(rows()).toEqual([deposit(1, { confirmations: 5 })]);
    expect(invalidated()).toEqual([]);
  });

  it('refetches the lists for a deposit none holds, and on a credit refreshes the balances and says so', async () => {
    const { fake, invalidated } = setup();
    act(() => fake.emit('user', { type: 'chain_deposit', deposit: deposit(7) }));
    expect(invalidated()).toEqual([chainDepositKeys.lists]);

    act(() =>
      fake.emit('user', {
        type: 'chain_deposit',
        deposit: deposit(1, { status: 'CREDITED', confirmations: 12, amount: '1.25' }),
      }),
    );
    expect(invalidated()).toEqual([chainDepositKeys.lists, walletKeys.all, walletKeys.dashboard]);
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('1.2500 ETH credited to your wallet'));
  });
});
