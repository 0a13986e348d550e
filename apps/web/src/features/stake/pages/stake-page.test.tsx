import type { StakeOption } from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const eth: StakeOption = {
  _id: 'opt-eth',
  name: 'Ethereum',
  symbol: 'ETH',
  image_url: '/coins/eth.svg',
  variants: [
    { duration: 30, apy: '8.00', min_amount: '0.10000000' },
    { duration: 60, apy: '8.50', min_amount: '0.10000000' },
  ],
};

const wallet = {
  currencies: [
    {
      _id: 'ETH',
      name: 'Ethereum',
      symbol: 'ETH',
      image_url: '/coins/eth.svg',
      balance: '5.00000000',
      locked: '0.00000000',
      currency_type: 'CRYPTO',
      asset_value: '15000.00',
      asset_value_percent: '100.00',
      interest_earned: '0.00',
    },
  ],
};

function api(kyc = true) {
  return fakeApi(customer(kyc), {
    'GET /stake/options': () => ({ body: { status: true, message: 'Stake options', data: [eth] } }),
    'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet } } }),
    'POST /stake/create': () => ({
      body: { status: true, message: 'Stake created successfully', data: { wallet } },
    }),
    'GET /stake/user/all': () => ({
      body: { status: true, message: 'Stakes', data: [], total: 0, page: 1, limit: 500 },
    }),
    'GET /wallet/transactions': () => ({
      body: { status: true, message: 'Wallet transactions', data: [], total: 0, page: 1, limit: 500 },
    }),
  });
}

describe('/stake', () => {
  it('asks for a duration, then the amount and the terms, confirms and posts the stake', async () => {
    const user = userEvent.setup();
    const calls = api();
    const { router } = renderApp('/stake');
    const row = await screen.findByRole('row', { name: /Ethereum/ }, { timeout: 15_000 });
    await user.click(within(row).getByRole('button', { name: 'Stake Now ETH' }));
    expect(toast.error).toHaveBeenCalledWith('Please Select Duration');

    const sixty = within(row).getByRole('button', { name: '60' });
    await user.dblClick(sixty);
    expect(sixty).toHaveAttribute('aria-pressed', 'false');
    await user.click(sixty);
    expect(sixty).toHaveAttribute('aria-pressed', 'true');
    expect(row).toHaveTextContent('8.50%');
    await user.click(within(row).getByRole('button', { name: 'Stake Now ETH' }));

    const modal = await screen.findByRole('dialog', { name: 'Locked Staking' });
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent('Please Select Stake Amount');
    await user.type(within(modal).getByLabelText('Amount (ETH)'), '1');
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent('Please Checked t&c');
    // 1 ETH × 8.5% × 60 / 365 = 0.01397260 → 0.013972 to 6 decimals.
    expect(modal).toHaveTextContent('0.013972 ETH');
    await user.click(within(modal).getByRole('checkbox'));
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));

    const confirm = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to create Stake ?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    expect(router.state.location.state).toEqual({ type: 'stake' });
    expect(toast.success).toHaveBeenCalledWith('Stake created successfully');
    const post = calls.find((c) => c.key === 'POST /stake/create');
    expect(post?.body).toEqual({
      stake_option_id: 'opt-eth',
      user_id: 'u-alice',
      starting_balance: '1',
      days: 60,
    });
    expect(post?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('a user without KYC gets Please Complete Your Kyc, leading to /kyc, and no options call', async () => {
    const calls = api(false);
    renderApp('/stake');
    const link = await screen.findByRole('link', { name: 'Please Complete Your Kyc' }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', '/kyc');
    expect(calls.some((c) => c.key === 'GET /stake/options')).toBe(false);
  });
});
