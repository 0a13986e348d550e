import type { WalletTransaction } from '@exchange/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi } from '../../wallet/test/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function transaction(index: number, overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    _id: `t-${index}`,
    operation_type: 'FIAT',
    operation: 'DEPOSIT',
    from: null,
    to: { currency_code: 'USD', amount: `${index}.5` },
    status: 'SUCCESS',
    createdAt: `2024-05-${String((index % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    ...overrides,
  };
}

function withTransactions(items: WalletTransaction[]) {
  return fakeApi(customer(true), {
    'GET /wallet/transactions': () => ({
      body: {
        status: true,
        message: 'Wallet transactions',
        data: items,
        total: items.length,
        page: 1,
        limit: 500,
      },
    }),
  });
}

async function openHistory(state?: unknown) {
  const view = renderApp('/history', state);
  await screen.findByRole('heading', { level: 1, name: 'History' }, { timeout: 15_000 });
  return view;
}

describe('/history', () => {
  it('has the six tabs and opens Transactions without a state', async () => {
    withTransactions([]);
    await openHistory();

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Transactions',
      'Stakes',
      'Swap',
      'Order Transaction',
      'p2p History',
      'Referrals',
    ]);
    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No data found')).toBeInTheDocument();
  });

  it.each([
    ['refer', 'Referrals'],
    ['stake', 'Stakes'],
    ['swap', 'Swap'],
    ['p2p', 'p2p History'],
    ['limit', 'Order Transaction'],
  ])('navigation state type %s opens %s', async (type, tab) => {
    withTransactions([]);
    await openHistory({ type });

    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'false');
  });

  it('lists a limit order fill as a transaction with its quantity and price', async () => {
    withTransactions([
      transaction(1, {
        operation_type: 'CRYPTO_TO_CRYPTO',
        operation: 'LIMIT_BUY',
        from: { currency_code: 'USDT', amount: '500.515' },
        to: { currency_code: 'BTC', amount: '0.01000000' },
        price: '50001.5',
      }),
    ]);
    await openHistory();
    expect((await screen.findAllByText('Limit buy filled')).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('fill-detail')[0]).toHaveTextContent('0.01000 BTC at 50,001.5 USDT');
  });

  it('navigation state type buysell (an instant trade) opens Transactions, where the trade is listed', async () => {
    withTransactions([]);
    await openHistory({ type: 'buysell' });

    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Order Transaction' })).toHaveAttribute('aria-selected', 'false');
  });

  it('the Swap tab lists swaps and the p2p tab lists transfers from their own endpoints', async () => {
    const list = (data: unknown[]) => ({
      body: { status: true, message: 'ok', data, total: data.length, page: 1, limit: 100 },
    });
    fakeApi(customer(true), {
      'GET /wallet/transactions': () => list([]),
      'GET /swap/history': () =>
        list([
          transaction(4, {
            operation_type: 'CRYPTO_TO_CRYPTO',
            operation: 'SWAP',
            from: { currency_code: 'ETH', amount: '1.00000000' },
            to: { currency_code: 'BTC', amount: '0.04995000' },
          }),
        ]),
      'GET /p2p/p2phistory': () =>
        list([
          {
            _id: 'p-1',
            createdAt: '2024-05-02T10:00:00.000Z',
            senderEmail: 'alice@example.com',
            receiverEmail: 'carol@example.com',
            senderName: 'Alice Demo',
            receiverName: 'Carol Demo',
            senderMobile: '5550100',
            receiverMobile: '*****01',
            from: { amount: '0.50000000', currency_code: 'ETH' },
            status: 'SUCCESS',
          },
        ]),
    });
    await openHistory({ type: 'swap' });
    const swaps = await screen.findByRole('table', { name: 'Swap' });
    expect(await within(swaps).findByText('Swapped ETH to BTC')).toBeInTheDocument();
    expect(swaps).toHaveTextContent('0.0499 BTC');
    await userEvent.click(screen.getByRole('tab', { name: 'p2p History' }));
    const transfers = await screen.findByRole('table', { name: 'p2p History' });
    expect(await within(transfers).findByText('Carol Demo')).toBeInTheDocument();
    expect(transfers).toHaveTextContent('0.5000 ETH'); // 4 decimals, as every history table (spec section 9)
  });

  it('the Referrals tab lists the referrals from their endpoint, and says so when there are none', async () => {
    fakeApi(customer(true), {
      'GET /wallet/transactions': () => ({
        body: { status: true, message: 'ok', data: [], total: 0, page: 1, limit: 500 },
      }),
      'GET /referal/getReferralList': () => ({
        body: { status: true, message: 'ok', data: [], total: 0, page: 1, limit: 100 },
      }),
    });
    await openHistory({ type: 'refer' });

    const table = await screen.findByRole('table', { name: 'Referrals' });
    expect(await within(table).findByText('No data found')).toBeInTheDocument();
  });

  it('lists transactions: medium date-time, type, both sides to 4 decimals and a coloured status', async () => {
    withTransactions([
      transaction(1),
      transaction(2, {
        operation_type: 'FIAT_TO_CRYPTO',
        operation: 'BUY',
        from: { currency_code: 'USD', amount: '100' },
        to: { currency_code: 'BTC', amount: '0.00151234567' },
        status: 'PENDING',
      }),
      transaction(3, { status: 'REJECTED' }),
    ]);
    await openHistory();

    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(4);
    const buy = rows[2];
    if (!buy) throw new Error('no row');
    expect(buy).toHaveTextContent('May 3, 2024');
    expect(buy).toHaveTextContent('Bought BTC');
    expect(buy).not.toHaveTextContent('FIAT_TO_CRYPTO');
    expect(buy).toHaveTextContent('100.0000 USD');
    expect(buy).toHaveTextContent('0.0015 BTC');
    expect(within(buy).getByText('PENDING')).toHaveClass('text-warning');
    expect(within(table).getByText('REJECTED')).toHaveClass('text-danger');
    expect(within(table).getAllByText('SUCCESS')[0]).toHaveClass('text-success');
  });

  it('pages by 10 and searches every field, case-insensitively, with Clear Filter', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 12 }, (_, index) => transaction(index + 1));
    items[10] = transaction(11, { to: { currency_code: 'ETH', amount: '2' }, operation: 'SWAP' });
    withTransactions(items);
    await openHistory();

    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.type(screen.getByLabelText('Search Transactions'), 'eth');
    expect(await within(table).findAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText(/^Swap/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(within(table).getAllByRole('row')).toHaveLength(11);
  });

  it('after a limit order: Completed keeps filled and cancelled orders, with the average fill, and highlights the new one', async () => {
    const order = (id: string, overrides: Record<string, string>) => ({
      id,
      time: '2024-05-03T10:00:00.000Z',
      createdAt: '2024-05-03T10:00:00.000Z',
      updatedAt: '2024-05-03T10:00:00.000Z',
      market_id: 'BTC-USDT',
      type: 'limit',
      side: 'buy',
      quantity: '0.020000',
      filled_quantity: '0.000000',
      cancelled_quantity: '0.000000',
      open_quantity: '0.000000',
      filled_cost: '0.00000000',
      price: '60000.0',
      status: 'filled',
      ...overrides,
    });
    fakeApi(customer(true), {
      'GET /wallet/limitorder/market/get-order-history': () => ({
        body: {
          status: true,
          message: 'ok',
          data: [
            order('o-new', { filled_quantity: '0.020000', filled_cost: '1190.00000000' }),
            order('o-old', { status: 'cancelled', cancelled_quantity: '0.020000' }),
          ],
        },
      }),
    });
    await openHistory({ type: 'limit', highlight: { id: 'o-new', open: false } });
    const table = await screen.findByRole('table', { name: 'Completed orders' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    // 1190 / 0.02 = 59,500.0 on average, below the 60,000.0 limit.
    expect(rows[1]).toHaveTextContent('59,500.0');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(table).getByText('cancelled')).toBeInTheDocument();
    expect(rows[2]).not.toHaveAttribute('aria-current');
  });

  it('Open: Cancel asks first with the order as it stands, to 6 decimals, then cancels that order', async () => {
    const open = {
      id: 'o-open',
      time: '2024-05-03T10:00:00.000Z',
      createdAt: '2024-05-03T10:00:00.000Z',
      updatedAt: '2024-05-03T10:00:00.000Z',
      market_id: 'BTC-USDT',
      type: 'limit',
      side: 'buy',
      quantity: '0.000020',
      filled_quantity: '0.000005',
      cancelled_quantity: '0.000000',
      open_quantity: '0.000015',
      filled_cost: '0.30000000',
      price: '60000.0',
      status: 'open',
    };
    const calls = fakeApi(customer(true), {
      'GET /wallet/limitorder/market/get-user-open-order': () => ({
        body: { status: true, message: 'Orders', data: [open] },
      }),
      'GET /wallet/limitorder/market/cancle-open-order': () => ({
        body: { status: true, message: 'Order cancelled successfully', data: { wallet: { currencies: [] } } },
      }),
    });
    const user = userEvent.setup();
    await openHistory({ type: 'limit', highlight: { id: 'o-open', open: true } });
    const table = await screen.findByRole('table', { name: 'Open orders' });
    await user.click(await within(table).findByRole('button', { name: /^Cancel buy order on BTC-USDT/ }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Are You sure you want to Cancel this Order ?',
    });
    // What is still open is 0.000015 BTC: cut to 4 decimals it read 'BUY 0.0000 on BTC-USDT'.
    expect(dialog).toHaveTextContent('BUY 0.000015 BTC on BTC-USDT at 60,000.0 USDT.');
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await vi.waitFor(() =>
      expect(calls.map((call) => call.key)).toContain('GET /wallet/limitorder/market/cancle-open-order'),
    );
  });
});
