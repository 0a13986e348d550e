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
  await screen.findByRole('heading', { level: 1, name: 'History' }, { timeout: 5_000 });
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
    ['buysell', 'Order Transaction'],
  ])('navigation state type %s opens %s', async (type, tab) => {
    withTransactions([]);
    await openHistory({ type });

    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'false');
  });

  it('tabs whose feature has not landed show an empty table and say why', async () => {
    withTransactions([]);
    await openHistory({ type: 'refer' });

    expect(screen.getByRole('table', { name: 'Referrals' })).toBeInTheDocument();
    expect(screen.getByText('No data found')).toBeInTheDocument();
    expect(screen.getByText(/once referrals are available/)).toBeInTheDocument();
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
    expect(buy).toHaveTextContent('FIAT_TO_CRYPTO');
    expect(buy).toHaveTextContent('BUY');
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
    expect(within(table).getByText('SWAP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(within(table).getAllByRole('row')).toHaveLength(11);
  });
});
