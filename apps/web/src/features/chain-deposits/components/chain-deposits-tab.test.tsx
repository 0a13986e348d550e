import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { deposit, depositsRoute, networksAnswer } from '../test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDepositsTab(items: Parameters<typeof depositsRoute>[0], bodies: unknown[] = []) {
  const calls = fakeApi(customer(true), {
    'GET /wallet/deposit-networks': networksAnswer,
    'POST /wallet/chain-deposits': depositsRoute(items, bodies),
  });
  // The recent deposits' link ('All deposits') arrives with this state.
  renderApp('/history', { type: 'deposit' });
  await screen.findByRole('heading', { level: 1, name: 'History' }, { timeout: 15_000 });
  expect(screen.getByRole('tab', { name: 'Deposits' })).toHaveAttribute('aria-selected', 'true');
  return { calls, table: await screen.findByRole('table', { name: 'Deposits' }) };
}

describe('History → Deposits', () => {
  it('shows amount, coin, chain, the tx hash linked to the explorer, confirmations, status and date', async () => {
    const { table } = await openDepositsTab([
      deposit(1),
      deposit(2, {
        asset: 'USDT',
        chain: 'bsc',
        amount: '0.2',
        status: 'BELOW_MINIMUM',
        confirmations: 15,
        required_confirmations: 15,
        explorer_tx_url: null,
      }),
      deposit(3, { status: 'DROPPED', confirmations: 0 }),
    ]);

    // The table shows placeholder rows while the page loads: wait for the first deposit's row.
    const [, first, second, third] = await waitFor(
      () => {
        const rows = within(table).getAllByRole('row');
        expect(rows[1]).toHaveTextContent('0.5000 ETH');
        return rows;
      },
      { timeout: 15_000 },
    );
    if (!first || !second || !third) throw new Error('rows missing');
    expect(first).toHaveTextContent('0.5000 ETH');
    expect(first).toHaveTextContent('Ethereum');
    expect(within(first).getByRole('link', { name: '0x0001abab…abababab' })).toHaveAttribute(
      'href',
      deposit(1).explorer_tx_url,
    );
    expect(first).toHaveTextContent('3 / 12');
    expect(within(first).getByText('PENDING')).toHaveClass('text-warning');
    expect(first).toHaveTextContent('2026');
    // A chain without an explorer: the hash is shown, not linked; the chain by its name.
    expect(second).toHaveTextContent('0.2000 USDT');
    expect(second).toHaveTextContent('BNB Smart Chain (BEP-20)');
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();
    expect(within(second).getByText('Below minimum')).toBeInTheDocument();
    expect(within(third).getByText('DROPPED')).toHaveClass('text-danger');
  });

  it('asks the server for each page and for the term searched', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const items = Array.from({ length: 23 }, (_, index) =>
      deposit(index + 1, { asset: index % 2 ? 'USDT' : 'ETH' }),
    );
    const { table } = await openDepositsTab(items, bodies);

    expect(await screen.findByText('Showing 1–10 of 23')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ page: 1, limit: 10, orderBy: '-createdAt' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11–20 of 23')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ page: 2, limit: 10 });

    await user.type(screen.getByLabelText('Search deposits by coin, tx hash or status'), 'usdt');
    expect(await screen.findByText('Showing 1–10 of 11')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ page: 1, search: 'usdt' });
    expect(within(table).queryByText('ETH')).not.toBeInTheDocument();
  });

  it('shows an error state with a retry when the list cannot be loaded', async () => {
    fakeApi(customer(true), {
      'GET /wallet/deposit-networks': networksAnswer,
      'POST /wallet/chain-deposits': () => ({
        status: 500,
        body: { status: false, message: 'Server error! Please try again.', code: 'internal' },
      }),
    });
    renderApp('/history', { type: 'deposit' });
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
