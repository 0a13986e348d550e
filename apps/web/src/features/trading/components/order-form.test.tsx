import type { InstantQuote, Wallet } from '@exchange/contracts';
import { type CryptoCode, findMarket } from '@exchange/domain';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { type Session, SessionContext } from '../../session/session-context';
import { placeOrder } from '../api/place-order';
import { requestQuote } from '../api/request-quote';
import { OrderForm } from './order-form';

vi.mock('../api/request-quote', () => ({ requestQuote: vi.fn() }));
vi.mock('../api/place-order', () => ({ placeOrder: vi.fn() }));

const quoteMock = vi.mocked(requestQuote);
const placeMock = vi.mocked(placeOrder);

function walletWith(balances: Record<string, string>): Wallet {
  return {
    currencies: Object.entries(balances).map(([symbol, balance]) => ({
      _id: symbol,
      name: symbol,
      symbol: symbol as Wallet['currencies'][number]['symbol'],
      image_url: `/coins/${symbol.toLowerCase()}.svg`,
      balance,
      locked: '0',
      currency_type: symbol === 'USD' ? 'FIAT' : 'CRYPTO',
      asset_value: '0.00',
      asset_value_percent: '0.00',
      interest_earned: '0.00',
    })),
  };
}

function session(verified: boolean): Session {
  return {
    status: 'authenticated',
    user: null,
    role: 'USER',
    isAuthenticated: true,
    isAdmin: false,
    is_kyc_verified: verified,
    signIn: () => undefined,
    setUser: () => undefined,
    reload: async () => undefined,
    signOut: async () => undefined,
  };
}

interface Setup {
  readonly side?: 'buy' | 'sell';
  readonly coin?: CryptoCode;
  readonly wallet?: Wallet;
  readonly verified?: boolean;
}

function renderForm({ side = 'buy', coin = 'BTC', wallet, verified = true }: Setup = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rules = findMarket(`${coin}-USDT`) ?? null;
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session(verified)}>
        <MemoryRouter>
          <OrderForm
            side={side}
            coin={coin}
            rules={rules}
            wallet={wallet ?? walletWith({ USD: '10000', USDT: '2000', BTC: '0.5' })}
            referencePrice="60000"
          />
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

function quote(side: 'buy' | 'sell', quantity: string, quoteId = 'q-1', validMs = 15_000): InstantQuote {
  return {
    quote_id: quoteId,
    side,
    crypto_currency_code: 'BTC',
    quantity,
    price: '60000.00',
    cost: '60.00',
    fee: '0.06',
    total: side === 'buy' ? '60.06' : '59.94',
    expires_at: new Date(Date.now() + validMs).toISOString(),
  };
}

const orderAnswer = {
  status: true,
  message: 'Buy order executed successfully',
  data: { wallet: walletWith({ USD: '9939.94', BTC: '0.501' }), order: null },
};

async function submitWith(
  user: ReturnType<typeof userEvent.setup>,
  quantity: string,
  limitPrice: string | null,
  action: string,
) {
  const quantityInput = screen.getByLabelText('Quantity');
  await user.clear(quantityInput);
  if (quantity) await user.type(quantityInput, quantity);
  if (limitPrice !== null) {
    const priceInput = screen.getByLabelText('Limit Price');
    await user.clear(priceInput);
    if (limitPrice) await user.type(priceInput, limitPrice);
  }
  await user.click(screen.getByRole('button', { name: action }));
  return screen.findByRole('alert');
}

describe('buy/sell form: the spec rules, in order', () => {
  beforeEach(() => {
    quoteMock.mockReset();
    placeMock.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('a limit buy on BTC-USDT reports each rule in the spec order, one at a time', async () => {
    const rich = walletWith({ USD: '10000', USDT: '99999999999999999999999999999999999', BTC: '0.5' });
    const { user } = renderForm({ wallet: rich });
    await user.click(screen.getByRole('radio', { name: 'Limit' }));

    expect(await submitWith(user, '', '', 'Buy BTC')).toHaveTextContent('Please Enter Quantity');
    expect(await submitWith(user, '0.5', '', 'Buy BTC')).toHaveTextContent('Please Enter Limit Price');
    expect(await submitWith(user, '0.000001', '100', 'Buy BTC')).toHaveTextContent(
      'Quantity should be greater than 0.000001',
    );
    expect(await submitWith(user, '99999999999999999', '0.1', 'Buy BTC')).toHaveTextContent(
      'Quantity should be less than 9999999999999999',
    );
    expect(await submitWith(user, '1', '0.01', 'Buy BTC')).toHaveTextContent(
      'Limit Price should be greater than 0.1',
    );
    expect(await submitWith(user, '0.00001', '99999999999999999', 'Buy BTC')).toHaveTextContent(
      'Limit Price should be less than 9999999999999999',
    );
    expect(await submitWith(user, '0.5', '0.1', 'Buy BTC')).toHaveTextContent(
      'Minimum Cost must be Greater than 1',
    );
    expect(quoteMock).not.toHaveBeenCalled();
    expect(placeMock).not.toHaveBeenCalled();
  }, 15_000);

  it('the balance rule comes second: a limit buy costing more than the USDT balance, with the fee', async () => {
    const { user } = renderForm({ wallet: walletWith({ USDT: '100' }) });
    await user.click(screen.getByRole('radio', { name: 'Limit' }));
    // 0.002 × 50000 = 100 USDT, plus the 0.2% fee: more than 100.
    expect(await submitWith(user, '0.002', '50000', 'Buy BTC')).toHaveTextContent('Insufficient amount');
    // The limit-price rule would also fail for the first input, but the quantity comes first.
    expect(await submitWith(user, '', '', 'Buy BTC')).toHaveTextContent('Please Enter Quantity');
  });

  it('an instant buy is insufficient when quantity × price exceeds the USD balance', async () => {
    const { user } = renderForm({ wallet: walletWith({ USD: '50' }) });
    expect(await submitWith(user, '0.001', null, 'Buy BTC')).toHaveTextContent('Insufficient amount');
    expect(quoteMock).not.toHaveBeenCalled();
  });

  it('a sell is insufficient when the coin balance is below the quantity, and below the minimum after that', async () => {
    const { user } = renderForm({ side: 'sell', wallet: walletWith({ BTC: '0.5' }) });
    expect(await submitWith(user, '0.6', null, 'Sell BTC')).toHaveTextContent('Insufficient amount');
    expect(await submitWith(user, '0.0000001', null, 'Sell BTC')).toHaveTextContent(
      'Quantity should be greater than 0.000001',
    );
  });
});

describe('buy/sell form: order types, confirmation and the KYC gate', () => {
  beforeEach(() => {
    quoteMock.mockReset();
    placeMock.mockReset();
  });

  it.each(['ADA', 'USDT', 'BUSD'] as const)('offers no limit order for %s', (coin) => {
    renderForm({ coin });
    expect(screen.getByRole('radio', { name: 'Instant' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Limit' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Limit Price')).not.toBeInTheDocument();
  });

  it('offers instant (the default) and limit for BTC', () => {
    renderForm({ coin: 'BTC' });
    expect(screen.getByRole('radio', { name: 'Instant' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Limit' })).not.toBeChecked();
  });

  it('a buy asks "Are You sure you want to Buy ?" with the quoted total, and posts once on YES', async () => {
    quoteMock.mockResolvedValue(quote('buy', '0.001'));
    placeMock.mockResolvedValue(orderAnswer);
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Quantity'), '0.001');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
    expect(within(dialog).getByText('$60.06')).toBeInTheDocument();
    expect(placeMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));

    await vi.waitFor(() => expect(placeMock).toHaveBeenCalledTimes(1));
    const [body, key] = placeMock.mock.calls[0] ?? [];
    expect(body).toMatchObject({
      side: 'buy',
      type: 'instant',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      quantity: '0.001',
      quote_id: 'q-1',
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText('Quantity')).toHaveValue('');
  });

  it('a sell confirms like a buy: side, quantity, price, fee and the proceeds, then posts', async () => {
    quoteMock.mockResolvedValue(quote('sell', '0.001'));
    placeMock.mockResolvedValue({ ...orderAnswer, message: 'Sell order executed successfully' });
    const { user } = renderForm({ side: 'sell' });
    await user.type(screen.getByLabelText('Quantity'), '0.001');
    await user.click(screen.getByRole('button', { name: 'Sell BTC' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Sell ?' });
    expect(within(dialog).getByText('Sell BTC')).toBeInTheDocument();
    expect(within(dialog).getByText('Proceeds (after fee)')).toBeInTheDocument();
    expect(within(dialog).getByText('$59.94')).toBeInTheDocument();
    expect(placeMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await vi.waitFor(() => expect(placeMock).toHaveBeenCalledTimes(1));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({ side: 'sell', type: 'instant', quote_id: 'q-1' });
  });

  it('a limit buy shows price × quantity, the 0.2% fee and the total before confirming', async () => {
    placeMock.mockResolvedValue({ ...orderAnswer, message: 'Order placed successfully' });
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Limit' }));
    await user.type(screen.getByLabelText('Quantity'), '0.01');
    await user.type(screen.getByLabelText('Limit Price'), '1000');
    expect(screen.getByText('10.0000 USDT')).toBeInTheDocument();
    expect(screen.getByText('0.0200 USDT')).toBeInTheDocument();
    expect(screen.getByText('10.0200 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await vi.waitFor(() =>
      expect(placeMock.mock.calls[0]?.[0]).toMatchObject({
        type: 'limit',
        fiat_currency_code: 'USDT',
        market_id: 'BTC-USDT',
        limitPrice: '1000',
        quantity: '0.01',
      }),
    );
    expect(quoteMock).not.toHaveBeenCalled();
  });

  it('without KYC the action reads "Please Complete Your Kyc"', () => {
    renderForm({ verified: false });
    expect(screen.getByRole('button', { name: 'Please Complete Your Kyc' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy BTC' })).not.toBeInTheDocument();
  });
});

describe('buy/sell form: the server quote is shown before the user acts', () => {
  beforeEach(() => {
    quoteMock.mockReset();
    placeMock.mockReset();
  });
  afterEach(() => focusManager.setFocused(undefined));

  it('a sell shows the quoted price, fee and total once the quantity settles, then posts that quote_id', async () => {
    quoteMock.mockResolvedValueOnce(quote('sell', '0.001', 'q-preview'));
    quoteMock.mockResolvedValue(quote('sell', '0.001', 'q-other'));
    placeMock.mockResolvedValue({ ...orderAnswer, message: 'Sell order executed successfully' });
    const { user } = renderForm({ side: 'sell' });
    await user.type(screen.getByLabelText('Quantity'), '0.001');

    const form = screen.getByRole('form', { name: 'Sell order' });
    expect(await within(form).findByText('$0.06')).toBeInTheDocument();
    expect(within(form).getByText('Fee')).toBeInTheDocument();
    expect(within(form).getByText('Total to receive')).toBeInTheDocument();
    expect(within(form).getByText('$59.94')).toBeInTheDocument();
    expect(within(form).getByText(/^Price valid for \d+ s$/)).toBeInTheDocument();
    // One debounced request for the typed quantity, not one per key.
    expect(quoteMock).toHaveBeenCalledTimes(1);
    expect(quoteMock.mock.calls[0]?.[0]).toEqual({
      side: 'sell',
      crypto_currency_code: 'BTC',
      quantity: '0.001',
    });
    expect(placeMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sell BTC' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Are You sure you want to Sell ?' })).getByRole(
        'button',
        { name: 'YES' },
      ),
    );
    await vi.waitFor(() => expect(placeMock).toHaveBeenCalledTimes(1));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({
      side: 'sell',
      type: 'instant',
      quote_id: 'q-preview',
    });
    expect(quoteMock).toHaveBeenCalledTimes(1);
  });

  it('shows the quoted price to 4 decimals and the quantity as typed, in the summary and the dialog', async () => {
    // Price × quantity must give the cost the user reads: 0.003879 BTC at $64,449.0123 is $250.00,
    // where the quantity cut to 4 decimals ('0.0038 BTC') came to $244.91; prices had only cents,
    // which left a coin under a dollar (XRP at $0.5073) as '$0.50'.
    quoteMock.mockResolvedValue({
      ...quote('buy', '0.003879'),
      price: '64449.01234567',
      cost: '250.00',
      fee: '0.25',
      total: '250.25',
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Quantity'), '0.003879');
    const form = screen.getByRole('form', { name: 'Buy order' });
    expect(await within(form).findByText('$64,449.0123 / BTC')).toBeInTheDocument();
    expect(within(form).getByText('0.003879 BTC')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
    expect(within(dialog).getByText('$64,449.0123 / BTC')).toBeInTheDocument();
    expect(within(dialog).getByText('0.003879 BTC')).toBeInTheDocument();
  });

  it('the buy confirmation carries the previewed quote, and YES posts its quote_id', async () => {
    quoteMock.mockResolvedValueOnce(quote('buy', '0.001', 'q-preview'));
    quoteMock.mockResolvedValue(quote('buy', '0.001', 'q-other'));
    placeMock.mockResolvedValue(orderAnswer);
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Quantity'), '0.001');
    const form = screen.getByRole('form', { name: 'Buy order' });
    expect(await within(form).findByText('$60.06')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
    expect(within(dialog).getByText('$60.06')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await vi.waitFor(() => expect(placeMock).toHaveBeenCalledTimes(1));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({ side: 'buy', quote_id: 'q-preview' });
    expect(quoteMock).toHaveBeenCalledTimes(1);
  });

  it('an expired preview is replaced by a fresh quote at the moment of acting', async () => {
    quoteMock.mockResolvedValueOnce(quote('sell', '0.001', 'q-old', -1_000));
    quoteMock.mockResolvedValue(quote('sell', '0.001', 'q-fresh'));
    placeMock.mockResolvedValue({ ...orderAnswer, message: 'Sell order executed successfully' });
    focusManager.setFocused(false); // no automatic refresh: the click has to fetch it
    const { user } = renderForm({ side: 'sell' });
    await user.type(screen.getByLabelText('Quantity'), '0.001');
    await vi.waitFor(() => expect(quoteMock).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Sell BTC' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Are You sure you want to Sell ?' })).getByRole(
        'button',
        { name: 'YES' },
      ),
    );
    await vi.waitFor(() => expect(placeMock).toHaveBeenCalledTimes(1));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({ quote_id: 'q-fresh' });
  });

  it('a quote that expires inside the dialog is not sent: the new price is shown and asked again', async () => {
    quoteMock.mockResolvedValueOnce(quote('buy', '0.001', 'q-short', 1_000));
    quoteMock.mockResolvedValue({ ...quote('buy', '0.001', 'q-new'), price: '61000.00', total: '61.06' });
    placeMock.mockResolvedValue(orderAnswer);
    focusManager.setFocused(false); // the preview must not refresh itself behind the dialog
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Quantity'), '0.001');
    await vi.waitFor(() => expect(quoteMock).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
    expect(
      await within(dialog).findByText(/This price has expired/, undefined, { timeout: 3_000 }),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('New price: $61,000.0000 / BTC');
    expect(placeMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await vi.waitFor(() => expect(placeMock).toHaveBeenCalledTimes(1));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({ quote_id: 'q-new' });
  }, 10_000);

  it('the percent buttons fill a share of the balance; Max sells it all', async () => {
    const { user } = renderForm({ side: 'sell', wallet: walletWith({ BTC: '0.5' }) });
    await user.click(screen.getByRole('button', { name: '50%' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('0.250000');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue('0.500000');
  });

  it('refreshes the quote when it expires, but not while the tab is hidden', async () => {
    quoteMock.mockResolvedValueOnce(quote('sell', '0.001', 'q-1', 1_000));
    quoteMock.mockResolvedValueOnce(quote('sell', '0.002', 'q-2', 1_000));
    quoteMock.mockResolvedValue(quote('sell', '0.001', 'q-3', 15_000));
    const { user } = renderForm({ side: 'sell' });
    await user.type(screen.getByLabelText('Quantity'), '0.001');
    await vi.waitFor(() => expect(quoteMock).toHaveBeenCalledTimes(1));
    // Expired after a second: fetched again on its own (a distinct answer, to tell them apart).
    await vi.waitFor(() => expect(quoteMock).toHaveBeenCalledTimes(2), { timeout: 3_000 });

    focusManager.setFocused(false);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(quoteMock).toHaveBeenCalledTimes(2);
    focusManager.setFocused(true);
    await vi.waitFor(() => expect(quoteMock).toHaveBeenCalledTimes(3));
  }, 10_000);

  it("a 503 shows 'Network error please try again after some time...' instead of a price", async () => {
    quoteMock.mockRejectedValue(new ApiError(503, 'price_unavailable', 'Price feed is stale', true));
    const { user } = renderForm({ side: 'sell' });
    await user.type(screen.getByLabelText('Quantity'), '0.001');
    expect(await screen.findByText('Network error please try again after some time...')).toBeInTheDocument();
    expect(screen.queryByText('Fee')).not.toBeInTheDocument();
  });

  it('asks for no quote without KYC (the server would answer 403)', async () => {
    const { user } = renderForm({ verified: false });
    await user.type(screen.getByLabelText('Quantity'), '0.001');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(quoteMock).not.toHaveBeenCalled();
  });

  it('asks for no quote while the quantity breaks a client rule', async () => {
    const { user } = renderForm({ side: 'sell', wallet: walletWith({ BTC: '0.5' }) });
    await user.type(screen.getByLabelText('Quantity'), '0.6');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0.0000001');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(quoteMock).not.toHaveBeenCalled();
  });
});
