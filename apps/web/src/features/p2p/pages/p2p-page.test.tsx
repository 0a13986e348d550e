import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, type FakeAnswer, fakeApi, oneEthWallet } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const wallet = oneEthWallet;

function api(transfer?: FakeAnswer) {
  return fakeApi(customer(true), {
    'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet } } }),
    'POST /common/user/userInfo': () => ({
      body: {
        status: true,
        message: 'User found',
        data: { name: 'Carol', email: 'ca***@example.com', country_code: '971', mobile_no: '****4567' },
      },
    }),
    'POST /p2p/transfer': () =>
      transfer ?? { body: { status: true, message: 'Transfer successful', data: { wallet } } },
  });
}

/** Opens /p2p with carol's address checked, ETH chosen and `amount` typed. */
async function fillTransfer(amount: string) {
  const user = userEvent.setup();
  renderApp('/p2p');
  await user.type(
    await screen.findByLabelText('Recipient email', {}, { timeout: 15_000 }),
    'carol@example.com',
  );
  await user.click(screen.getByRole('button', { name: 'Validate' }));
  expect(await screen.findByText('Email Verified')).toBeVisible();
  await screen.findAllByText('1.00000000', { exact: false });
  await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
  await user.type(screen.getByLabelText('Amount'), amount);
  await user.click(screen.getByRole('button', { name: 'Transfer' }));
  return user;
}

describe('/p2p', () => {
  it('refuses an amount with 9 decimals inline and opens no confirmation', async () => {
    const calls = api();
    await fillTransfer('0.000000001');
    expect(await screen.findByText('Amount can have at most 8 decimal places')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /p2p/transfer')).toBe(false);
  });

  it('confirms a valid amount with its figures and sends it', async () => {
    const calls = api();
    const user = await fillTransfer('0.5');
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Transfer ?' });
    expect(confirm).toHaveTextContent('0.5 ETH → carol@example.com');
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Transfer successful'));
    expect(calls.find((c) => c.key === 'POST /p2p/transfer')?.body).toEqual({
      to_email: 'carol@example.com',
      amount: '0.5',
      from_crypto_currency_code: 'ETH',
    });
  });

  it('closes the confirmation when the server refuses, shows why and keeps the form', async () => {
    api({ status: 422, body: { status: false, message: 'Insufficient amount', code: 'insufficient_funds' } });
    const user = await fillTransfer('0.5');
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Transfer ?' });
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toast.warning).toHaveBeenCalledWith('Insufficient amount');
    expect(screen.getByLabelText('Amount')).toHaveValue('0.5');
    expect(screen.getByLabelText('Recipient email')).toHaveValue('carol@example.com');
  });

  it('asks for the check first, clears each message when its field changes, and re-asks after the address changes', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderApp('/p2p');
    const email = await screen.findByLabelText('Recipient email', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please Enter Email Id')).toBeVisible();
    await user.type(email, 'carol@example.com');
    expect(screen.queryByText('Please Enter Email Id')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please Choose Currency')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
    await user.type(screen.getByLabelText('Amount'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please valiadate your email first')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Email Verified')).toBeVisible();
    // Another address is another recipient: the check is gone and Transfer asks for it again.
    await user.type(email, 'x');
    expect(screen.queryByText('Email Verified')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please valiadate your email first')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /p2p/transfer')).toBe(false);
  });
});
