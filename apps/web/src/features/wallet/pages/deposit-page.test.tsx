import { IDEMPOTENCY_HEADER } from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi, walletFixture } from '../test/fake-api';

// The app's toast region is mounted by the app shell, outside the routes these tests render.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function openWallet() {
  const view = renderApp('/deposit');
  // The page is lazy-loaded; the first import in a run is slow while vite transforms it.
  await screen.findByRole('heading', { level: 1, name: 'Wallet' }, { timeout: 15_000 });
  return view;
}

function order(amount: string) {
  return {
    status: true,
    message: 'Order created',
    data: {
      order: {
        order_id: 'SBX-ABC123',
        provider: 'sandbox',
        amount,
        currency: 'USD',
        status: 'CREATED',
        createdAt: '2024-05-01T10:00:00.000Z',
      },
    },
  };
}

/** The two-factor status is a read over POST: the wallet asks it for the withdrawal pause (issue 45). */
const STATUS_READ = 'POST /auth/2fa/status';

describe('the wallet (/deposit)', () => {
  it('shows the USD balance, the crypto assets and the real MULTI balance', async () => {
    fakeApi(customer(true), { 'GET /wallet': () => ({ body: walletFixture }) });
    await openWallet();

    expect(await screen.findByTestId('usd-balance')).toHaveTextContent('$10,000.00');
    const table = screen.getByRole('table', { name: 'Crypto assets' });
    expect(within(table).getByText('Bitcoin')).toBeInTheDocument();
    // Total balance is available plus locked.
    expect(within(table).getByText('0.6000')).toBeInTheDocument();
    expect(within(table).getByText('60.00%')).toBeInTheDocument();
    expect(within(table).queryByText('US Dollar')).not.toBeInTheDocument();
    expect(screen.getByTestId('multi-balance')).toHaveTextContent('0.0000 Multi');
    expect(screen.getByRole('button', { name: 'Coming Soon ...' })).toBeDisabled();
  });

  it('refuses empty, zero and negative amounts with the spec messages, without calling the server', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(customer(true), { 'GET /wallet': () => ({ body: walletFixture }) });
    await openWallet();

    await user.click(await screen.findByRole('button', { name: 'Add Money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Money' });
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });
    const amount = within(dialog).getByLabelText('Amount');

    await user.click(continueButton);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter deposit amount');
    for (const typed of ['0', '-25']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(continueButton);
      await waitFor(() =>
        expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter deposit amount'),
      );
    }
    await user.clear(amount);
    await user.type(amount, '0.5');
    await user.click(continueButton);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount Should Be Greater Than 1'),
    );
    expect(calls.filter((call) => call.key.startsWith('POST') && call.key !== STATUS_READ)).toEqual([]);
  });

  it('opens an order, shows the amount before paying, approves at the sandbox and asks the server to credit it', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: walletFixture }),
      'POST /wallet/deposits/orders': () => ({ body: order('250.00') }),
      'POST /wallet/deposits/sandbox/SBX-ABC123/approve': () => ({
        body: { ...order('250.00'), message: 'Payment approved' },
      }),
      'POST /wallet/fiat/add/usd/amount': () => ({
        body: { status: true, message: 'Deposit successful', data: walletFixture.data },
      }),
    });
    await openWallet();

    await user.click(await screen.findByRole('button', { name: 'Add Money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Money' });
    await user.type(within(dialog).getByLabelText('Amount'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByTestId('deposit-pay-amount')).toHaveTextContent('$250.00 USD');
    expect(within(dialog).getByRole('heading', { name: 'Sandbox payment provider' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay with sandbox' }));

    expect(await within(dialog).findByText('$250.00 added to your USD balance')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Deposit successful');
    const posts = calls.filter((call) => call.key.startsWith('POST') && call.key !== STATUS_READ);
    expect(posts.map((call) => call.key)).toEqual([
      'POST /wallet/deposits/orders',
      'POST /wallet/deposits/sandbox/SBX-ABC123/approve',
      'POST /wallet/fiat/add/usd/amount',
    ]);
    expect(posts[0]?.body).toEqual({ amount: '250' });
    expect(posts[2]?.body).toEqual({ amount: '250.00', order_id: 'SBX-ABC123' });
    const keys = posts.map((call) => call.headers.get(IDEMPOTENCY_HEADER));
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it("reports 'Transaction Failed' when the provider refuses the approval, and credits nothing", async () => {
    const user = userEvent.setup();
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: walletFixture }),
      'POST /wallet/deposits/orders': () => ({ body: order('40.00') }),
      'POST /wallet/deposits/sandbox/SBX-ABC123/approve': () => ({
        status: 409,
        body: { status: false, message: 'This order is no longer open', code: 'conflict' },
      }),
    });
    await openWallet();

    await user.click(await screen.findByRole('button', { name: 'Add Money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Money' });
    await user.type(within(dialog).getByLabelText('Amount'), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay with sandbox' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Transaction Failed'));
    expect(calls.some((call) => call.key === 'POST /wallet/fiat/add/usd/amount')).toBe(false);
  });

  it('the payment step itself refuses an order amount of 0 with the spec message', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: walletFixture }),
      'POST /wallet/deposits/orders': () => ({ body: order('0.00') }),
    });
    await openWallet();

    await user.click(await screen.findByRole('button', { name: 'Add Money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Money' });
    await user.type(within(dialog).getByLabelText('Amount'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay with sandbox' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Amount Should Be Greater Than 1');
    expect(calls.some((call) => call.key.includes('/approve'))).toBe(false);
  });

  it("a customer without KYC gets 'Please Complete Your Kyc', leading to /kyc, instead of Add Money", async () => {
    fakeApi(customer(false), { 'GET /wallet': () => ({ body: walletFixture }) });
    await openWallet();

    expect(await screen.findByRole('link', { name: 'Please Complete Your Kyc' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(screen.queryByRole('button', { name: 'Add Money' })).not.toBeInTheDocument();
  });

  it('shows an error state with a retry when the wallet cannot be loaded', async () => {
    fakeApi(customer(true), {
      'GET /wallet': () => ({
        status: 500,
        body: { status: false, message: 'Server error! Please try again.' },
      }),
    });
    await openWallet();

    // A server failure is retried once before the error state shows.
    expect(
      (await screen.findAllByRole('button', { name: 'Try again' }, { timeout: 15_000 })).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Add Money' })).toBeDisabled();
  });
});
