import type { SwapQuote } from '@exchange/contracts';
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

const quote: SwapQuote = {
  quote_id: 'q-multi',
  from_crypto_currency_code: 'ETH',
  to_crypto_currency_code: 'MULTI',
  from_amount: '0.10000000',
  rate: '300.00000000',
  fee: '0.00000000',
  to_amount: '30.00000000',
  expires_at: new Date(Date.now() + 60_000).toISOString(),
};

function api(quoteAnswer?: FakeAnswer) {
  return fakeApi(customer(true), {
    'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet } } }),
    'GET /crypto-index': () => ({
      body: { status: true, message: 'Index', data: { price: '10.0000', at: '2024-01-01T00:00:00.000Z' } },
    }),
    'POST /swap/quote': () => quoteAnswer ?? { body: { status: true, message: 'Swap quote', data: quote } },
    'POST /swap/multi': () => ({
      body: { status: true, message: 'MultiCoin bought successfully', data: { wallet } },
    }),
  });
}

async function openMulticoin() {
  const user = userEvent.setup();
  renderApp('/multicoin');
  await screen.findByText('Available: 1.00000000 ETH', {}, { timeout: 15_000 });
  return user;
}

describe('/multicoin', () => {
  it('refuses an amount with 9 decimals inline, asks for no quote and opens no confirmation', async () => {
    const calls = api();
    const user = await openMulticoin();
    await user.type(screen.getByLabelText('Amount'), '0.000000001');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Amount can have at most 8 decimal places')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.some((c) => c.key === 'POST /swap/quote')).toBe(false);
  });

  it('opens no confirmation while the quote is refused', async () => {
    api({ status: 503, body: { status: false, message: 'Prices are stale', code: 'unavailable' } });
    const user = await openMulticoin();
    await user.type(screen.getByLabelText('Amount'), '0.1');
    expect(await screen.findByText('Network error please try again after some time..')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('confirms a valid amount with its figures and buys at the shown quote', async () => {
    const calls = api();
    const user = await openMulticoin();
    await user.type(screen.getByLabelText('Amount'), '0.1');
    expect(await screen.findByTestId('swap-receive')).toHaveTextContent('30.0000 MULTI');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Swap ?' });
    expect(confirm).toHaveTextContent('0.1 ETH → 30.0000 MULTI');
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('MultiCoin bought successfully'));
    expect(calls.find((c) => c.key === 'POST /swap/multi')?.body).toMatchObject({
      from_amount: '0.1',
      quote_id: 'q-multi',
    });
  });

  it('closes the question at once, says Processing while buying, and on a refusal says why and keeps the amount', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    const pending = new Promise<FakeAnswer>((resolve) => {
      answer = resolve;
    });
    api();
    const user = await openMulticoin();
    const fetchMock = vi.mocked(fetch);
    const fake = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/swap/multi')) {
        const refusal = await pending;
        return new Response(JSON.stringify(refusal.body), { status: refusal.status ?? 200 });
      }
      return fake ? fake(input, init) : new Response(null, { status: 404 });
    });
    await user.type(screen.getByLabelText('Amount'), '0.1');
    await screen.findByTestId('swap-receive');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Swap ?' });
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Processing' })).toBeDisabled();
    answer({ status: 503, body: { status: false, message: 'Prices are stale', code: 'unavailable' } });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Network error please try again after some time..'),
    );
    expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled();
    expect(screen.getByLabelText('Amount')).toHaveValue('0.1');
  });
});
