import { messages, type SwapQuote } from '@exchange/contracts';
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
  quote_id: 'q-1',
  from_crypto_currency_code: 'ETH',
  to_crypto_currency_code: 'BTC',
  from_amount: '0.10000000',
  rate: '0.05000000',
  fee: '0.00001000',
  to_amount: '0.00499000',
  expires_at: new Date(Date.now() + 60_000).toISOString(),
};

const refused = (status: number, message: string): FakeAnswer => ({
  status,
  body: { status: false, message, code: 'unprocessable' },
});

function api(answers: { quote?: FakeAnswer; swap?: FakeAnswer } = {}) {
  return fakeApi(customer(true), {
    'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet } } }),
    'POST /swap/quote': () => answers.quote ?? { body: { status: true, message: 'Swap quote', data: quote } },
    'POST /swap': () =>
      answers.swap ?? { body: { status: true, message: 'Swap successful', data: { wallet } } },
  });
}

async function openSwap() {
  const user = userEvent.setup();
  const view = renderApp('/swap');
  await screen.findByText('Available: 1.00000000 ETH', {}, { timeout: 15_000 });
  return { user, ...view };
}

describe('/swap', () => {
  it('refuses an amount with 9 decimals inline, asks for no quote and opens no confirmation', async () => {
    const calls = api();
    const { user } = await openSwap();
    await user.type(screen.getByLabelText('Amount'), '0.000000001');
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    expect(await screen.findByText('Amount can have at most 8 decimal places')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Past the quote's debounce: the amount the server would refuse is never sent.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.some((c) => c.key === 'POST /swap/quote' || c.key === 'POST /swap')).toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says where the quote would be why an amount gets none, before Swap is pressed', async () => {
    const calls = api();
    const { user } = await openSwap();
    await user.type(screen.getByLabelText('Amount'), '5');
    // 1 ETH is available: the quote area names the reason instead of asking for an amount.
    expect(await screen.findByText('No quote: Insufficient amount')).toBeVisible();
    expect(calls.some((c) => c.key === 'POST /swap/quote')).toBe(false);
    await user.clear(screen.getByLabelText('Amount'));
    expect(await screen.findByText('Enter an amount to see the rate and what you receive.')).toBeVisible();
  });

  it('opens no confirmation while the quote is refused', async () => {
    api({ quote: refused(503, 'Network error please try again after some time...') });
    const { user } = await openSwap();
    await user.type(screen.getByLabelText('Amount'), '0.1');
    expect(await screen.findByText('Network error please try again after some time...')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('confirms a valid amount with its figures and swaps at the shown quote', async () => {
    const calls = api();
    const { user } = await openSwap();
    await user.type(screen.getByLabelText('Amount'), '0.1');
    expect(await screen.findByTestId('swap-receive')).toHaveTextContent('0.00499000 BTC');
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Swap ?' });
    expect(confirm).toHaveTextContent('0.1 ETH → 0.00499000 BTC');
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Swap successful'));
    expect(calls.find((c) => c.key === 'POST /swap')?.body).toEqual({
      from_crypto_currency_code: 'ETH',
      to_crypto_currency_code: 'BTC',
      from_amount: '0.1',
      quote_id: 'q-1',
    });
  });

  it('closes the confirmation when the server refuses, shows why and keeps the amount', async () => {
    api({ swap: refused(422, 'Insufficient amount') });
    const { user } = await openSwap();
    await user.type(screen.getByLabelText('Amount'), '0.1');
    await screen.findByTestId('swap-receive');
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Swap ?' });
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toast.error).toHaveBeenCalledWith('Insufficient amount');
    expect(screen.getByLabelText('Amount')).toHaveValue('0.1');
  });

  it('says where the quote was that the price moved, and gets a fresh quote in one click', async () => {
    let quotes = 0;
    const fresh = { ...quote, quote_id: 'q-2', to_amount: '0.00490000' };
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet } } }),
      'POST /swap/quote': () => {
        quotes += 1;
        return { body: { status: true, message: 'Swap quote', data: quotes === 1 ? quote : fresh } };
      },
      'POST /swap': () => ({
        status: 409,
        body: { status: false, message: messages.swapPriceMoved, code: 'price_moved' },
      }),
    });
    const { user } = await openSwap();
    await user.type(screen.getByLabelText('Amount'), '0.1');
    expect(await screen.findByTestId('swap-receive')).toHaveTextContent('0.00499000 BTC');
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Swap ?' });
    await user.click(within(confirm).getByRole('button', { name: 'YES' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The price moved; please request a new quote');
    // The refused quote is gone and Swap asks nothing until there is a new one.
    expect(screen.queryByTestId('swap-receive')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Get a new quote' }));
    expect(await screen.findByTestId('swap-receive')).toHaveTextContent('0.00490000 BTC');
    expect(quotes).toBe(2);
    expect(screen.queryByText('The price moved; please request a new quote')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue('0.1');
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /swap')).toHaveLength(2));
    expect(calls.filter((c) => c.key === 'POST /swap')[1]?.body).toMatchObject({ quote_id: 'q-2' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('refuses equal coins with a toast before any amount rule, and clears an amount message as it is edited', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    api();
    const { user } = await openSwap();
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    expect(await screen.findByText('Amount must be greater than 0')).toBeVisible();
    await user.type(screen.getByLabelText('Amount'), '0');
    expect(screen.queryByText('Amount must be greater than 0')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('To'), 'ETH');
    await user.click(screen.getByRole('button', { name: 'Swap' }));
    expect(toast.error).toHaveBeenCalledWith('From and To currency must be different');
    expect(screen.queryByText('Amount must be greater than 0')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
