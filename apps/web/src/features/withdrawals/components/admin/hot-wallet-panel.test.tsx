import type { AdminWithdrawalItem, HotWalletLine } from '@exchange/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { networksAnswer } from '../../../chain-deposits/test/fixtures';
import { adminUser, fakeApi, okAnswer as ok } from '../../../wallet/test/fake-api';
import { coinWithdrawal, GOOD_ADDRESS } from '../../test/coin-withdrawal-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = adminUser();

const HOT = '0x1111111111111111111111111111111111111111';
const lines: HotWalletLine[] = [
  {
    chain: 'ethereum',
    chain_name: 'Ethereum',
    asset: 'ETH',
    address: HOT,
    balance: '10.50000000',
    pending_withdrawals: '2.00000000',
    covered: true,
  },
  {
    chain: 'ethereum',
    chain_name: 'Ethereum',
    asset: 'USDT',
    address: HOT,
    balance: '100.00000000',
    pending_withdrawals: '250.50000000',
    covered: false,
  },
];

const coinRow: AdminWithdrawalItem = {
  ...coinWithdrawal('PENDING_APPROVAL', { label: 'Cold wallet' }),
  user: { _id: 'u-alice', name: 'Alice', email: 'alice@example.com' },
  value_usd: '7500.00',
  flags: ['new_address'],
  activity: {
    last_deposit_at: null,
    last_security_change_at: null,
    completed_withdrawals: 0,
    withdrawn_24h_usd: '0.00',
  },
  decided_by: null,
  decided_by_name: null,
  decided_at: null,
  first_approved_by_name: null,
  first_approved_at: null,
  approvals_needed: 1,
  approvals: 0,
  held_reason: null,
};

describe('/admin-withdrawals: coins and the hot wallet', () => {
  it('shows each hot wallet line, warns about the one that cannot cover its withdrawals, and shows where a coin goes', async () => {
    fakeApi(admin, {
      'GET /admin/hot-wallet': () => ok({ content: lines }),
      'POST /admin/withdrawals': () => ok({ content: [coinRow], total: 1, page: 1, limit: 10 }),
      'GET /wallet/deposit-networks': networksAnswer,
    });
    renderApp('/admin-withdrawals');
    const hot = await screen.findByRole('table', { name: 'Hot wallet' }, { timeout: 15_000 });
    expect(await within(hot).findByText('10.50000000 ETH')).toBeInTheDocument();
    expect(within(hot).getByText('250.50000000 USDT')).toBeInTheDocument();
    expect(within(hot).getByText('Covered')).toBeInTheDocument();
    expect(within(hot).getByText('Not covered')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The hot wallet cannot cover the approved USDT withdrawals on Ethereum: they wait until it is funded with at least 150.50000000 USDT more.',
    );
    const queue = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(await within(queue).findByText('New address')).toBeInTheDocument();
    expect(within(queue).getByText(GOOD_ADDRESS)).toBeInTheDocument();
    expect(within(queue).getByText('Cold wallet')).toBeInTheDocument();
    expect(within(queue).getByText(/Network: Ethereum/)).toBeInTheDocument();
    expect(within(queue).getByText('2.50000000 ETH')).toBeInTheDocument();
  });

  it('lists a stuck chain transaction with its reason and its cancel (issue 43)', async () => {
    fakeApi(admin, {
      'GET /admin/hot-wallet': () =>
        ok({
          content: lines,
          stuck: [
            {
              _id: 'tx-1',
              chain: 'ethereum',
              purpose: 'WITHDRAWAL',
              reference: 'w-42',
              from_address: HOT,
              nonce: 7,
              tx_hash: `0x${'a'.repeat(64)}`,
              reason: 'refused by the node: transaction rejected',
              stuck_since: '2026-01-01T00:00:00.000Z',
              cancel_hash: `0x${'b'.repeat(64)}`,
            },
          ],
        }),
      'POST /admin/withdrawals': () => ok({ content: [], total: 0, page: 1, limit: 10 }),
      'GET /wallet/deposit-networks': networksAnswer,
    });
    renderApp('/admin-withdrawals');
    const stuck = await screen.findByRole('region', { name: 'Stuck transactions' }, { timeout: 15_000 });
    expect(stuck).toHaveTextContent('A WITHDRAWAL transaction on ethereum (reference w-42, nonce 7)');
    expect(stuck).toHaveTextContent('refused by the node: transaction rejected');
    expect(stuck).toHaveTextContent('nothing is refunded until it or its cancel is mined');
    expect(stuck).toHaveTextContent(`Cancel sent: 0x${'b'.repeat(64)}`);
  });

  it("says the server's reason when the node does not answer", async () => {
    fakeApi(admin, {
      'GET /admin/hot-wallet': () => ({
        status: 503,
        body: { status: false, code: 'service_unavailable', message: 'The chain node does not answer' },
      }),
      'POST /admin/withdrawals': () => ok({ content: [], total: 0, page: 1, limit: 10 }),
      'GET /wallet/deposit-networks': networksAnswer,
    });
    renderApp('/admin-withdrawals');
    expect(
      await screen.findByText('The chain node does not answer', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
