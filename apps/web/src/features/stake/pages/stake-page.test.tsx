import type { StakeOption } from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, type FakeRoute, fakeApi } from '../../wallet/test/fake-api';

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

const usdt: StakeOption = {
  _id: 'opt-usdt',
  name: 'Tether',
  symbol: 'USDT',
  image_url: '/coins/usdt.svg',
  variants: [
    { duration: 30, apy: '8.00', min_amount: '0.10000000' },
    { duration: 120, apy: '10.00', min_amount: '0.10000000' },
  ],
};

const wallet = {
  currencies: [
    {
      _id: 'USDT',
      name: 'Tether',
      symbol: 'USDT',
      image_url: '/coins/usdt.svg',
      balance: '250.00000000',
      locked: '0.00000000',
      currency_type: 'CRYPTO',
      asset_value: '250.00',
      asset_value_percent: '7.69',
      interest_earned: '0.00',
    },
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

const created: FakeRoute = () => ({
  body: { status: true, message: 'Stake created successfully', data: { wallet } },
});

function api(kyc = true, create = created) {
  return fakeApi(customer(kyc), {
    'GET /stake/options': () => ({ body: { status: true, message: 'Stake options', data: [eth, usdt] } }),
    'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet } } }),
    'POST /stake/create': create,
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

/** Stake Now on Tether's 120-day option, once the modal knows the balance (250 USDT). */
async function openUsdt120(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const row = await screen.findByRole('row', { name: /Tether/ }, { timeout: 15_000 });
  await user.click(within(row).getByRole('button', { name: '120' }));
  await user.click(within(row).getByRole('button', { name: 'Stake Now USDT' }));
  const modal = await screen.findByRole('dialog', { name: 'Locked Staking' });
  await waitFor(() => expect(modal).toHaveTextContent('250.000000 USDT'));
  return modal;
}

describe('/stake, the amount in the Locked Staking modal', () => {
  it('says what is wrong with each bad amount beside the field and never asks for confirmation', async () => {
    const user = userEvent.setup();
    const calls = api();
    renderApp('/stake');
    const modal = await openUsdt120(user);
    const field = within(modal).getByLabelText('Amount (USDT)');
    await user.click(within(modal).getByRole('checkbox'));
    for (const [amount, message] of [
      ['', 'Please Select Stake Amount'],
      ['abc', 'Please Enter Valid Stake Amount'],
      ['-5', 'Please Enter Valid Stake Amount'],
      ['0', 'Please Enter Valid Stake Amount'],
      ['1.123456789', 'Please Enter Valid Stake Amount'],
      ['0.01', 'Minimum stake amount is 0.1'],
      ['999999', 'Insufficient amount'],
    ] as const) {
      await user.clear(field);
      if (amount !== '') await user.type(field, amount);
      await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
      expect(within(modal).getByRole('alert'), amount).toHaveTextContent(message);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('alertdialog'), amount).toBeNull();
    }
    expect(calls.some((c) => c.key === 'POST /stake/create')).toBe(false);
  });

  it('a valid amount opens the confirmation naming it; a refusal returns to the modal with it kept', async () => {
    const user = userEvent.setup();
    const calls = api(true, () => ({
      status: 422,
      body: { status: false, message: 'Insufficient amount', code: 'insufficient_funds' },
    }));
    renderApp('/stake');
    const modal = await openUsdt120(user);
    await user.type(within(modal).getByLabelText('Amount (USDT)'), '100.5');
    await user.click(within(modal).getByRole('checkbox'));
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));

    const confirm = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to create Stake ?',
    });
    expect(confirm).toHaveTextContent('100.5 USDT for 120 days');
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));

    const again = await screen.findByRole('dialog', { name: 'Locked Staking' });
    expect(toast.error).toHaveBeenCalledWith('Insufficient amount');
    expect(within(again).getByRole('alert')).toHaveTextContent('Insufficient amount');
    expect(within(again).getByLabelText('Amount (USDT)')).toHaveValue('100.5');
    expect(within(again).getByRole('checkbox')).toBeChecked();
    const post = calls.find((c) => c.key === 'POST /stake/create');
    expect(post?.body).toMatchObject({ stake_option_id: 'opt-usdt', starting_balance: '100.5', days: 120 });

    // Confirm straight away asks again for the same amount; No also keeps it.
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    const second = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to create Stake ?',
    });
    expect(second).toHaveTextContent('100.5 USDT for 120 days');
    await user.click(within(second).getByRole('button', { name: 'No' }));
    const third = await screen.findByRole('dialog', { name: 'Locked Staking' });
    expect(within(third).getByLabelText('Amount (USDT)')).toHaveValue('100.5');
    expect(within(third).queryByRole('alert')).toBeNull();
  });
});
