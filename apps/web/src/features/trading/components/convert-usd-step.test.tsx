import type { SwapQuote, Wallet } from '@exchange/contracts';
import { findMarket } from '@exchange/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { type Session, SessionContext } from '../../session/session-context';
import { OrderForm } from './order-form';

vi.mock('../api/request-quote', () => ({ requestQuote: vi.fn() }));

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

const verified: Session = {
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

function renderForm(wallet: Wallet, side: 'buy' | 'sell' = 'buy') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={verified}>
        <MemoryRouter>
          <OrderForm
            side={side}
            coin="BTC"
            rules={findMarket('BTC-USDT') ?? null}
            wallet={wallet}
            referencePrice="60000"
          />
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** The swap quote the server gives for `amount` USD: 1 USDT per USD less the 0.1% fee. */
function usdQuote(amount: string, receive: string): SwapQuote {
  return {
    quote_id: `q-${amount}`,
    from_crypto_currency_code: 'USD',
    to_crypto_currency_code: 'USDT',
    from_amount: amount,
    rate: '1.00000000',
    fee: '0.05000000',
    to_amount: receive,
    expires_at: new Date(Date.now() + 15_000).toISOString(),
  };
}

const RECEIVED: Record<string, string> = { '50.10': '50.04990000', '50.16': '50.10984000' };

const post = vi.spyOn(apiClient, 'post');

async function typeLimitBuy(user: ReturnType<typeof userEvent.setup>, quantity: string, price: string) {
  await user.click(screen.getByRole('radio', { name: 'Limit' }));
  await user.type(screen.getByLabelText('Quantity'), quantity);
  await user.type(screen.getByLabelText('Limit Price'), price);
}

describe("the order form's 'Convert USD to USDT' step", () => {
  beforeEach(() => {
    post.mockReset();
    post.mockImplementation(async (url: string, body: unknown) => {
      const request = body as { from_amount: string; quote_id?: string };
      if (url === '/swap/quote')
        return {
          status: true,
          message: 'Swap quote',
          data: usdQuote(request.from_amount, RECEIVED[request.from_amount] ?? '1'),
        };
      if (url === '/swap')
        return {
          status: true,
          message: 'Swap successful',
          data: { wallet: walletWith({ USD: '49.84', USDT: '50.10984' }) },
        };
      throw new Error(`unexpected POST ${url}`);
    });
  });
  afterEach(() => vi.useRealTimers());

  it("offers 'Get USDT' beside Available to a limit buyer with USD and no USDT, which opens the step", async () => {
    const user = renderForm(walletWith({ USD: '100.00', USDT: '0', BTC: '0' }));
    expect(screen.queryByRole('button', { name: 'Get USDT' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Limit' }));
    await user.click(screen.getByRole('button', { name: 'Get USDT' }));
    const step = screen.getByRole('region', { name: 'Convert USD to USDT' });
    expect(step).toHaveTextContent('Limit orders are paid in USDT. You hold USD');
    expect(within(step).getByLabelText('USD to convert')).toHaveValue('');
  });

  it('proposes what the order lacks, raises it to cover the fee at the quote, and converts at that quote', async () => {
    const user = renderForm(walletWith({ USD: '100.00', USDT: '0', BTC: '0' }));
    // 0.001 BTC at 50,000 USDT: 50 USDT plus the 0.2% fee, 50.1 USDT the form does not have.
    await typeLimitBuy(user, '0.001', '50000');
    const step = await screen.findByRole('region', { name: 'Convert USD to USDT' });
    expect(step).toHaveTextContent('This order needs 50.10000000 USDT more than you have.');
    const amount = within(step).getByLabelText('USD to convert');
    // 50.10 USD pays 50.0499 USDT: the proposal becomes 50.16 USD, which pays 50.10984.
    await waitFor(() => expect(amount).toHaveValue('50.16'));
    expect(await within(step).findByText('50.10984000 USDT')).toBeInTheDocument();
    expect(within(step).getByText(/Quote valid for \d+ s/)).toBeInTheDocument();
    await user.click(within(step).getByRole('button', { name: 'Convert' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/swap',
        {
          from_crypto_currency_code: 'USD',
          to_crypto_currency_code: 'USDT',
          from_amount: '50.16',
          quote_id: 'q-50.16',
        },
        expect.objectContaining({ idempotencyKey: expect.any(String) }),
      ),
    );
  });

  it('stays away when USDT covers the order, for a sell, and for an instant buy (paid in USD)', async () => {
    const user = renderForm(walletWith({ USD: '100.00', USDT: '50.1', BTC: '0' }));
    await typeLimitBuy(user, '0.001', '50000');
    expect(screen.queryByRole('region', { name: 'Convert USD to USDT' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get USDT' })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Limit Price'));
    await user.type(screen.getByLabelText('Limit Price'), '50001');
    // 50.001 USDT plus its 0.2% fee, 0.100002 (rounded up at USDT's 8 places, as the server holds it).
    expect(await screen.findByRole('region', { name: 'Convert USD to USDT' })).toHaveTextContent(
      'This order needs 0.00100200 USDT more than you have.',
    );
    await user.click(screen.getByRole('radio', { name: 'Instant' }));
    expect(screen.queryByRole('region', { name: 'Convert USD to USDT' })).not.toBeInTheDocument();
  });
});
