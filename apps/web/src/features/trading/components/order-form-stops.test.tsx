import type { Wallet } from '@exchange/contracts';
import { findMarket } from '@exchange/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { type Session, SessionContext } from '../../session/session-context';
import { placeOco } from '../api/place-oco';
import { placeOrder } from '../api/place-order';
import { OrderForm } from './order-form';

vi.mock('../api/request-quote', () => ({ requestQuote: vi.fn() }));
vi.mock('../api/place-order', () => ({ placeOrder: vi.fn() }));
vi.mock('../api/place-oco', () => ({ placeOco: vi.fn() }));
const placeMock = vi.mocked(placeOrder);
const ocoMock = vi.mocked(placeOco);

const coin = (code: Wallet['currencies'][number]['symbol'], balance: string) => ({
  _id: code,
  name: code,
  symbol: code,
  image_url: `/coins/${code.toLowerCase()}.svg`,
  balance,
  locked: '0',
  currency_type: 'CRYPTO' as const,
  asset_value: '0.00',
  asset_value_percent: '0.00',
  interest_earned: '0.00',
});
const wallet: Wallet = { currencies: [coin('USDT', '2000'), coin('BTC', '0.5')] };

const session: Session = {
  status: 'authenticated',
  user: null,
  role: 'USER',
  isAuthenticated: true,
  isAdmin: false,
  is_kyc_verified: true,
  signIn: () => undefined,
  setUser: () => undefined,
  reload: async () => undefined,
  signOut: async () => undefined,
};

/** A limit sell (or buy) of 0.01 BTC at `limitPrice` on a market whose last trade was at 63,000. */
async function limitForm(side: 'buy' | 'sell', limitPrice: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <OrderForm
            side={side}
            coin="BTC"
            rules={findMarket('BTC-USDT') ?? null}
            wallet={wallet}
            referencePrice="63000"
            lastPrice="63000"
          />
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'Limit' }));
  await user.type(screen.getByLabelText('Quantity'), '0.01');
  if (limitPrice) await user.type(screen.getByLabelText('Limit Price'), limitPrice);
  await user.click(screen.getByText('Advanced'));
  const submit = () =>
    user.click(screen.getByRole('button', { name: side === 'buy' ? 'Buy BTC' : 'Sell BTC' }));
  return { user, submit };
}

const placed = { status: true, message: 'Order placed successfully', data: { wallet, order: null } };

describe('a stop-limit from the order form (issue 48)', () => {
  beforeEach(() => {
    placeMock.mockReset();
    ocoMock.mockReset();
  });

  it('asks for a stop price, says when it triggers, refuses the last price and sends a stop loss', async () => {
    placeMock.mockResolvedValue(placed);
    const { user, submit } = await limitForm('sell', '61900');
    expect(screen.queryByLabelText('Stop price')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Order kind'), 'Stop-limit');
    expect(screen.getByText('Last price: 63,000.0 USDT')).toBeInTheDocument();

    await submit();
    expect(await screen.findByText('Please Enter Stop Price')).toBeInTheDocument();
    expect(screen.getByLabelText('Stop price')).toHaveFocus();

    await user.type(screen.getByLabelText('Stop price'), '63000');
    await submit();
    expect(await screen.findByText('Stop price would trigger immediately.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Stop price'));
    await user.type(screen.getByLabelText('Stop price'), '62000');
    expect(screen.getByText('Triggers when the last price falls to 62,000.0')).toBeInTheDocument();
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Sell ?' });
    expect(within(dialog).getByText('Stop-limit sell BTC')).toBeInTheDocument();
    expect(within(dialog).getByText('62,000.0 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('Triggers when the last price falls to 62,000.0')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({
      type: 'limit',
      side: 'sell',
      limitPrice: '61900',
      stop_price: '62000',
      stop_kind: 'stop_loss',
      time_in_force: 'gtc',
    });
  });

  it('sends a buy stop above the last price as a stop loss, never post only', async () => {
    placeMock.mockResolvedValue(placed);
    const { user, submit } = await limitForm('buy', '64100');
    await user.selectOptions(screen.getByLabelText('Order kind'), 'Stop-limit');
    await user.type(screen.getByLabelText('Stop price'), '64000');
    expect(screen.getByText('Triggers when the last price rises to 64,000.0')).toBeInTheDocument();
    // Post only is for orders that rest at once: a stop never does.
    expect(screen.queryByRole('checkbox', { name: 'Post only' })).toBeNull();
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({ stop_price: '64000', stop_kind: 'stop_loss' });
  });

  it('shows the server’s refusal of the stop by the stop price', async () => {
    // The last price moved between the form's check and the server's.
    placeMock.mockRejectedValue(
      new ApiError(422, 'unprocessable', 'Stop price would trigger immediately.', true),
    );
    const { user, submit } = await limitForm('sell', '61900');
    await user.selectOptions(screen.getByLabelText('Order kind'), 'Stop-limit');
    await user.type(screen.getByLabelText('Stop price'), '62000');
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Sell ?' });
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    const form = screen.getByRole('form', { name: 'Sell order' });
    expect(await within(form).findByText('Stop price would trigger immediately.')).toBeInTheDocument();
  });
});

describe('an OCO from the order form (issue 48)', () => {
  beforeEach(() => {
    placeMock.mockReset();
    ocoMock.mockReset();
  });

  it('checks the three prices against the last price, then sends the pair to the OCO route', async () => {
    ocoMock.mockResolvedValue({
      status: true,
      message: 'Order placed successfully',
      data: { wallet, order_list_id: 'L1', orders: [] },
    });
    const { user, submit } = await limitForm('sell', '61900');
    await user.selectOptions(screen.getByLabelText('Order kind'), 'OCO (one cancels the other)');
    expect(screen.getByText(/Two sells, one cancels the other/)).toBeInTheDocument();
    // An OCO's legs wait until one of them fills or triggers: no other time in force.
    expect(screen.getByRole('radio', { name: 'Fill or kill' })).toBeDisabled();

    await user.type(screen.getByLabelText('Stop price'), '62000');
    await submit();
    expect(await screen.findByText('Please Enter Stop-limit Price')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Stop-limit price'), '61900');
    await submit();
    expect(
      await screen.findByText('For a sell OCO the limit price must be above the last price (63,000.0)'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Limit Price'));
    await user.type(screen.getByLabelText('Limit Price'), '65000');
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Sell ?' });
    expect(within(dialog).getByText('OCO sell BTC')).toBeInTheDocument();
    expect(within(dialog).getByText('61,900.0 USDT')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    expect(placeMock).not.toHaveBeenCalled();
    expect(ocoMock.mock.calls[0]?.[0]).toBe('sell');
    expect(ocoMock.mock.calls[0]?.[1]).toEqual({
      market_id: 'BTC-USDT',
      quantity: '0.01',
      price: '65000',
      stop_price: '62000',
      stop_limit_price: '61900',
    });
  });

  it('holds a buy OCO for its dearer leg: more than USDT covers is refused', async () => {
    const { user, submit } = await limitForm('buy', '61000');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0.0325');
    await user.selectOptions(screen.getByLabelText('Order kind'), 'OCO (one cancels the other)');
    await user.type(screen.getByLabelText('Stop price'), '64000');
    await user.type(screen.getByLabelText('Stop-limit price'), '64100');
    // 0.0325 × 61,000 fits 2,000 USDT; 0.0325 × 64,100 does not.
    await submit();
    expect(await screen.findByText('Insufficient amount')).toBeInTheDocument();
    expect(ocoMock).not.toHaveBeenCalled();
  });
});

describe('a stop-market from the order form (issue 48)', () => {
  beforeEach(() => placeMock.mockReset());

  it('drops the limit price, holds a buy at its stop plus 10%, and sends a stop-market with no limit price', async () => {
    placeMock.mockResolvedValue(placed);
    const { user, submit } = await limitForm('buy', '');
    await user.selectOptions(screen.getByLabelText('Order kind'), 'Stop-market');
    expect(screen.queryByLabelText('Limit Price')).toBeNull();
    await submit();
    expect(await screen.findByText('Please Enter Stop Price')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Stop price'), '64000');
    expect(screen.getByText('Triggers when the last price rises to 64,000.0')).toBeInTheDocument();
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
    expect(within(dialog).getByText('Stop-market buy BTC')).toBeInTheDocument();
    expect(within(dialog).queryByText('Limit price')).toBeNull();
    // Held at 70,400 (64,000 + 10%) for 0.01 BTC: 704 USDT and its fee.
    expect(within(dialog).getByText(/^704(\.0+)? USDT$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({
      type: 'limit',
      side: 'buy',
      limitPrice: null,
      time_in_force: null,
      stop_price: '64000',
      stop_kind: 'stop_loss',
      stop_order_type: 'market',
    });
  });

  it('refuses a buy whose hold at the cap is more than the balance', async () => {
    const { user, submit } = await limitForm('buy', '');
    await user.selectOptions(screen.getByLabelText('Order kind'), 'Stop-market');
    await user.clear(screen.getByLabelText('Quantity'));
    // 0.029 BTC at 64,000 is 1,856 USDT (within the 2,000), but at the 70,400 cap it is 2,041.6.
    await user.type(screen.getByLabelText('Quantity'), '0.029');
    await user.type(screen.getByLabelText('Stop price'), '64000');
    await submit();
    expect(await screen.findByText('Insufficient amount')).toBeInTheDocument();
    expect(placeMock).not.toHaveBeenCalled();
  });
});
