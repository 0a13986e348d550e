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

/**
 * A stand-in for GET /wallet/transactions as the server answers it: the page the query asks for, of
 * the rows whose operation, its type, the status or either coin contains the search, and their total.
 */
function transactionsPage(items: WalletTransaction[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? '1');
  const limit = Number(url.searchParams.get('limit') ?? '100');
  const term = url.searchParams.get('search')?.toLowerCase() ?? '';
  const fields = (t: WalletTransaction) => [
    t.operation,
    t.operation_type,
    t.status,
    t.from?.currency_code,
    t.to?.currency_code,
  ];
  const matching = term
    ? items.filter((t) => fields(t).some((field) => field?.toLowerCase().includes(term)))
    : items;
  const data = matching.slice((page - 1) * limit, page * limit);
  return {
    body: { status: true, message: 'Wallet transactions', data, total: matching.length, page, limit },
  };
}

function withTransactions(items: WalletTransaction[], asked: URL[] = []) {
  return fakeApi(customer(true), {
    'GET /wallet/transactions': ({ url }) => {
      asked.push(url);
      return transactionsPage(items, url);
    },
  });
}

function order(id: string, overrides: Record<string, string> = {}) {
  return {
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
  };
}

/**
 * A stand-in for GET /wallet/limitorder/market/get-order-history as the server answers it: the page
 * the query asks for (500 rows without a limit), of the orders of the status asked for (`closed`:
 * filled or cancelled; `filled`; `cancelled`) whose market contains the search, and their total.
 */
function withOrders(items: ReturnType<typeof order>[], asked: URL[] = []) {
  return fakeApi(customer(true), {
    'GET /wallet/transactions': () => ({
      body: { status: true, message: 'ok', data: [], total: 0, page: 1, limit: 10 },
    }),
    'GET /wallet/limitorder/market/get-order-history': ({ url }) => {
      asked.push(url);
      const page = Number(url.searchParams.get('page') ?? '1');
      const limit = Number(url.searchParams.get('limit') ?? '500');
      const status = url.searchParams.get('status');
      const term = url.searchParams.get('search')?.toLowerCase() ?? '';
      const matching = items.filter(
        (o) =>
          (!status || (status === 'closed' ? o.status !== 'open' : o.status === status)) &&
          o.market_id.toLowerCase().includes(term),
      );
      const data = matching.slice((page - 1) * limit, page * limit);
      return { body: { status: true, message: 'ok', data, total: matching.length, page, limit } };
    },
  });
}

async function openHistory(state?: unknown) {
  const view = renderApp('/history', state);
  await screen.findByRole('heading', { level: 1, name: 'History' }, { timeout: 15_000 });
  return view;
}

describe('/history', () => {
  it("has the spec's six tabs, the coin Deposits and the Withdrawals, and opens Transactions without a state", async () => {
    withTransactions([]);
    await openHistory();

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Transactions',
      'Stakes',
      'Swap',
      'Order Transaction',
      'p2p History',
      'Referrals',
      'Deposits',
      'Withdrawals',
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
    const swapAsked: URL[] = [];
    const list = (data: unknown[]) => ({
      body: { status: true, message: 'ok', data, total: data.length, page: 1, limit: 100 },
    });
    fakeApi(customer(true), {
      'GET /wallet/transactions': () => list([]),
      'GET /swap/history': ({ url }) => {
        swapAsked.push(url);
        return list([
          transaction(4, {
            operation_type: 'CRYPTO_TO_CRYPTO',
            operation: 'SWAP',
            from: { currency_code: 'ETH', amount: '1.00000000' },
            to: { currency_code: 'BTC', amount: '0.04995000' },
          }),
        ]);
      },
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
    // The page it shows, not the newest 500 (the server pages and counts them).
    expect(swapAsked.at(-1)?.searchParams.get('limit')).toBe('10');
    expect(swapAsked.at(-1)?.searchParams.get('page')).toBe('1');
    await userEvent.click(screen.getByRole('tab', { name: 'p2p History' }));
    const transfers = await screen.findByRole('table', { name: 'p2p History' });
    expect(await within(transfers).findByText('Carol Demo')).toBeInTheDocument();
    expect(transfers).toHaveTextContent('0.5000 ETH'); // 4 decimals, as every history table (spec section 9)
  });

  it('the Referrals tab lists the referrals from their endpoint, and says so when there are none', async () => {
    const referralsAsked: URL[] = [];
    fakeApi(customer(true), {
      'GET /wallet/transactions': () => ({
        body: { status: true, message: 'ok', data: [], total: 0, page: 1, limit: 500 },
      }),
      'GET /referal/getReferralList': ({ url }) => {
        referralsAsked.push(url);
        return { body: { status: true, message: 'ok', data: [], total: 0, page: 1, limit: 10 } };
      },
    });
    await openHistory({ type: 'refer' });

    const table = await screen.findByRole('table', { name: 'Referrals' });
    expect(await within(table).findByText('No data found')).toBeInTheDocument();
    // The page it shows (the server pages and counts them), not the newest 100.
    expect(referralsAsked.at(-1)?.searchParams.get('limit')).toBe('10');
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

  it('pages by 10 and searches on the server, case-insensitively, with Clear Filter', async () => {
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

  it('asks the server for the page it shows and counts every row, past the 500 one download held', async () => {
    const user = userEvent.setup();
    const asked: URL[] = [];
    withTransactions(
      Array.from({ length: 2345 }, (_, index) => transaction(index + 1)),
      asked,
    );
    await openHistory();

    // It read 'Showing 1–10 of 500': the newest 500 rows, paged in the browser.
    expect(await screen.findByText('Showing 1–10 of 2345')).toBeInTheDocument();
    expect(asked.at(-1)?.searchParams.get('limit')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11–20 of 2345')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 235')).toBeInTheDocument();
    expect(asked.at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('shows a small instant buy to the digits it has, not as zero', async () => {
    withTransactions([
      transaction(1, {
        operation_type: 'FIAT_TO_CRYPTO',
        operation: 'BUY',
        from: { currency_code: 'USD', amount: '0.97' },
        to: { currency_code: 'BTC', amount: '0.00001000' },
      }),
    ]);
    await openHistory();

    const table = await screen.findByRole('table', { name: 'Transactions' });
    const buy = (await within(table).findAllByRole('row'))[1];
    // It read 'TO 0.0000 BTC': every amount cut to 4 decimals whatever its coin.
    expect(buy).toHaveTextContent('0.00001 BTC');
    expect(buy).not.toHaveTextContent('0.0000 BTC');
    expect(buy).toHaveTextContent('0.9700 USD');
  });

  it('after a limit order: Completed lists the filled orders, with the average fill, and highlights the new one; Cancelled the cancelled ones', async () => {
    const user = userEvent.setup();
    const asked: URL[] = [];
    withOrders(
      [
        order('o-new', { filled_quantity: '0.020000', filled_cost: '1190.00000000' }),
        order('o-open', { status: 'open', open_quantity: '0.020000' }),
        order('o-old', { status: 'cancelled', cancelled_quantity: '0.020000', market_id: 'ETH-USDT' }),
      ],
      asked,
    );
    await openHistory({ type: 'limit', highlight: { id: 'o-new', open: false } });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      expect.arrayContaining(['Completed', 'Open', 'Cancelled']),
    );
    const table = await screen.findByRole('table', { name: 'Completed orders' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(2);
    // 1190 / 0.02 = 59,500.0 on average, below the 60,000.0 limit.
    expect(rows[1]).toHaveTextContent('59,500.0');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    // A cancelled order is not completed: the server is asked for the filled ones only.
    expect(within(table).queryByText('cancelled')).not.toBeInTheDocument();
    expect(asked.at(-1)?.searchParams.get('status')).toBe('filled');

    await user.click(screen.getByRole('tab', { name: 'Cancelled' }));
    const cancelled = await screen.findByRole('table', { name: 'Cancelled orders' });
    const cancelledRows = await within(cancelled).findAllByRole('row');
    expect(cancelledRows).toHaveLength(2);
    expect(cancelledRows[1]).toHaveTextContent('ETH-USDT');
    expect(cancelledRows[1]).toHaveTextContent('cancelled');
    expect(asked.at(-1)?.searchParams.get('status')).toBe('cancelled');
  });

  it('Completed asks the server for the filled orders of the page it shows and counts them all, past 500', async () => {
    const user = userEvent.setup();
    const asked: URL[] = [];
    const orders = Array.from({ length: 1234 }, (_, index) =>
      order(`o-${index}`, index % 3 === 0 ? { status: 'cancelled' } : { filled_quantity: '0.020000' }),
    );
    orders.splice(5, 0, order('o-open', { status: 'open', market_id: 'ETH-USDT' }));
    withOrders(orders, asked);
    await openHistory({ type: 'limit' });

    // It read 'Showing 1–10 of 500': the newest 500 orders, paged in the browser. 822 of them filled.
    expect(await screen.findByText('Showing 1–10 of 822')).toBeInTheDocument();
    expect(asked.at(-1)?.searchParams.get('limit')).toBe('10');
    expect(asked.at(-1)?.searchParams.get('status')).toBe('filled');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11–20 of 822')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 83')).toBeInTheDocument();
    expect(asked.at(-1)?.searchParams.get('page')).toBe('2');

    // The search goes to the server (by market) and back to page 1.
    await user.type(screen.getByLabelText('Search Completed orders'), 'eth');
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(asked.at(-1)?.searchParams.get('search')).toBe('eth');
    expect(asked.at(-1)?.searchParams.get('page')).toBe('1');
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
