import type { Wallet } from '@exchange/contracts';
import { findMarket } from '@exchange/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { type Session, SessionContext } from '../../session/session-context';
import { placeOrder } from '../api/place-order';
import { OrderForm } from './order-form';

vi.mock('../api/request-quote', () => ({ requestQuote: vi.fn() }));
vi.mock('../api/place-order', () => ({ placeOrder: vi.fn() }));
const placeMock = vi.mocked(placeOrder);

const wallet: Wallet = {
  currencies: [
    {
      _id: 'USDT',
      name: 'USDT',
      symbol: 'USDT',
      image_url: '/coins/usdt.svg',
      balance: '2000',
      locked: '0',
      currency_type: 'CRYPTO',
      asset_value: '0.00',
      asset_value_percent: '0.00',
      interest_earned: '0.00',
    },
  ],
};

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

/** A limit buy of 0.001 BTC at 50 000 USDT, with the Advanced section as `choose` leaves it. */
async function limitBuy(choose: (user: ReturnType<typeof userEvent.setup>) => Promise<void>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <OrderForm
            side="buy"
            coin="BTC"
            rules={findMarket('BTC-USDT') ?? null}
            wallet={wallet}
            referencePrice="60000"
          />
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'Limit' }));
  await user.type(screen.getByLabelText('Quantity'), '0.001');
  await user.type(screen.getByLabelText('Limit Price'), '50000');
  await choose(user);
  await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
  return { user, dialog };
}

describe("the limit order form's Advanced section (issue 48)", () => {
  // A block body: a function returned from beforeEach would be run as its cleanup.
  beforeEach(() => {
    placeMock.mockReset();
  });

  it('is closed at first, and without it the order is good till cancelled', async () => {
    placeMock.mockResolvedValue({
      status: true,
      message: 'Order placed successfully',
      data: { wallet, order: null },
    });
    const { user, dialog } = await limitBuy(async () => {
      expect(screen.getByRole('checkbox', { name: 'Post only' })).not.toBeVisible();
    });
    expect(within(dialog).getByText('Good till cancelled')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({ type: 'limit', time_in_force: 'gtc' });
  });

  it('sends fill or kill when picked, and the confirmation names it', async () => {
    placeMock.mockResolvedValue({
      status: true,
      message: 'Order placed successfully',
      data: { wallet, order: null },
    });
    const { user, dialog } = await limitBuy(async (u) => {
      await u.click(screen.getByText('Advanced'));
      await u.click(screen.getByRole('radio', { name: 'Fill or kill' }));
    });
    expect(within(dialog).getByText('Fill or kill')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({ time_in_force: 'fok' });
  });

  it('sends post only, leaving only good till cancelled beside it, and shows its refusal in the form', async () => {
    const refusal = 'A post-only order must not trade at once: this price would match the other side';
    placeMock.mockImplementation(async () => {
      throw new ApiError(422, 'unprocessable', refusal, true);
    });
    const { user, dialog } = await limitBuy(async (u) => {
      await u.click(screen.getByText('Advanced'));
      await u.click(screen.getByRole('radio', { name: 'Immediate or cancel' }));
      await u.click(screen.getByRole('checkbox', { name: 'Post only' }));
      expect(screen.getByRole('radio', { name: 'Immediate or cancel' })).toBeDisabled();
      expect(screen.getByRole('radio', { name: 'Good till cancelled' })).toBeChecked();
    });
    expect(within(dialog).getByText('Post only')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    expect(placeMock.mock.calls[0]?.[0]).toMatchObject({ time_in_force: 'post_only' });
    const form = screen.getByRole('form', { name: 'Buy order' });
    expect(await within(form).findByText(refusal)).toBeInTheDocument();
  });
});
