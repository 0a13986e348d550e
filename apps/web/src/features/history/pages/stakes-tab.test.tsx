import type { Stake } from '@exchange/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi } from '../../wallet/test/fake-api';

// The app's toast region is mounted by the app shell, outside the routes these tests render.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stake(id: string, overrides: Partial<Stake> = {}): Stake {
  return {
    _id: id,
    start_date: '2026-01-01T00:00:00.000Z',
    end_date: '2026-01-31T00:00:00.000Z',
    starting_balance: '0.50000000',
    closing_balance: '0.50328767',
    currency_code: 'BTC',
    days: 30,
    interest_rate: '8.00',
    status: 'ACTIVE',
    matured: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Answer = { status?: number; body: unknown };

function withStakes(
  items: Stake[],
  action: () => Answer = () => ({ body: { status: true, message: 'ok', data: {} } }),
) {
  return fakeApi(customer(true), {
    'GET /wallet/transactions': () => ({
      body: { status: true, message: 'Wallet transactions', data: [], total: 0, page: 1, limit: 500 },
    }),
    'GET /stake/user/all': () => ({
      body: { status: true, message: 'Stakes', data: items, total: items.length, page: 1, limit: 500 },
    }),
    'POST /stake/close': action,
    'POST /stake/re-stake': action,
  });
}

describe('History → Stakes', () => {
  it('colours statuses and offers Restake and Close only on a matured ACTIVE stake', async () => {
    withStakes([
      stake('s1'),
      stake('s2', { matured: true }),
      stake('s3', { status: 'PENDING' }),
      stake('s4', { status: 'CLOSED' }),
      stake('s5', { status: 'SUCCESS' }),
    ]);
    renderApp('/history', { type: 'stake' });
    const table = await screen.findByRole('table', { name: 'Stakes' }, { timeout: 15_000 });
    await within(table).findByText('PENDING');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(within(rows[1]!).getByText('ACTIVE')).toHaveClass('text-success');
    expect(rows[1]).toHaveTextContent('0.5000 BTC');
    expect(rows[1]).toHaveTextContent('8.00%');
    expect(within(rows[2]!).getByRole('button', { name: 'Restake' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(rows[3]!).getByText('PENDING')).toHaveClass('text-warning');
    expect(within(rows[4]!).getByText('CLOSED')).toHaveClass('text-danger');
    expect(within(rows[5]!).getByText('SUCCESS')).toHaveClass('text-success');
    expect(within(table).getAllByRole('button', { name: 'Restake' })).toHaveLength(1);
  });

  it('Restake and Close ask first, saying what happens to the payout; No moves nothing', async () => {
    const user = userEvent.setup();
    const calls = withStakes([stake('s2', { matured: true })]);
    renderApp('/history', { type: 'stake' });
    await user.click(await screen.findByRole('button', { name: 'Restake' }, { timeout: 15_000 }));
    const restake = await screen.findByRole('alertdialog', { name: 'Are You sure you want to Restake ?' });
    expect(restake).toHaveTextContent(
      '0.5032 BTC (principal and interest) stays locked for another 30 days at 8.00%.',
    );
    await user.click(within(restake).getByRole('button', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const close = await screen.findByRole('alertdialog', {
      name: 'Are You sure you want to Close this Stake ?',
    });
    expect(close).toHaveTextContent(
      '0.5032 BTC (principal and interest) is paid to your wallet after the 1-day redemption period.',
    );
    await user.click(within(close).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('POST /stake/'))).toBe(false);
  });

  it("Close posts the stake id with an Idempotency-Key and says 'Stake close Successfully!'", async () => {
    const user = userEvent.setup();
    const calls = withStakes([stake('s2', { matured: true })]);
    renderApp('/history', { type: 'stake' });
    await user.click(await screen.findByRole('button', { name: 'Close' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Stake close Successfully!'));
    const close = calls.find((c) => c.key === 'POST /stake/close');
    expect(close?.body).toEqual({ stake_id: 's2' });
    expect(close?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('Restake shows ‘Restake  Successfully!’ and reloads the list after 3 seconds', async () => {
    const calls = withStakes([stake('s2', { matured: true })]);
    renderApp('/history', { type: 'stake' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restake' }, { timeout: 15_000 }));
    const yes = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'YES' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => yes.click());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Restake  Successfully!'));
    const loads = () => calls.filter((c) => c.key === 'GET /stake/user/all').length;
    const before = loads();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100);
    });
    expect(loads()).toBeGreaterThan(before);
  });

  it('shows the server’s message when the action is refused', async () => {
    const user = userEvent.setup();
    withStakes([stake('s2', { matured: true })], () => ({
      status: 409,
      body: { status: false, message: 'This stake is no longer active', code: 'conflict' },
    }));
    renderApp('/history', { type: 'stake' });
    await user.click(await screen.findByRole('button', { name: 'Close' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This stake is no longer active'));
  });
});
