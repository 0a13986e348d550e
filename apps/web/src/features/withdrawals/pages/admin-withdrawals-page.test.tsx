import type { AdminWithdrawalItem } from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { adminUser, fakeApi, okAnswer as ok } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const admin = adminUser();

const queued: AdminWithdrawalItem = {
  _id: '11111111-1111-4111-8111-111111111111',
  asset: 'USD',
  method: 'paypal',
  destination: 'alice@example.com',
  amount: '500.00',
  fee: '1.00',
  receive: '499.00',
  status: 'PENDING_APPROVAL',
  reason: null,
  reference: null,
  chain: null,
  tx_hash: null,
  explorer_url: null,
  label: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  user: { _id: 'u-alice', name: 'Alice', email: 'alice@example.com' },
  value_usd: '500.00',
  flags: ['recent_deposit', 'unusual_size'],
  activity: {
    last_deposit_at: '2026-11-27T07:00:00.000Z',
    last_security_change_at: null,
    completed_withdrawals: 0,
    withdrawn_24h_usd: '500.00',
  },
  decided_by: null,
  decided_by_name: null,
  decided_at: null,
  first_approved_by_name: null,
  first_approved_at: null,
  approvals_needed: 1,
  approvals: 0,
  held_reason: 'Held: password changed since the request',
};

describe('/admin-withdrawals', () => {
  it('shows the queue with its flags and why one is held, and rejects one with a reason after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(admin, {
      'POST /admin/withdrawals': () => ok({ content: [queued], total: 1, page: 1, limit: 10 }),
      'POST /admin/withdrawals/reject': () => ({
        body: {
          status: true,
          message: 'Withdrawal rejected and refunded',
          data: { ...queued, status: 'REJECTED' },
        },
      }),
    });
    renderApp('/admin-withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' }, { timeout: 15_000 });
    expect(await within(table).findByText('Deposit in the last 24 h')).toBeInTheDocument();
    expect(within(table).getByText('Unusual size')).toBeInTheDocument();
    expect(within(table).getByText('Held: password changed since the request')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/withdrawals')?.body).toMatchObject({
      status: 'PENDING_APPROVAL',
      sort: 'createdAt',
      order: 'asc',
    });
    await user.click(within(table).getByRole('button', { name: 'Reject withdrawal of alice@example.com' }));
    // No reason: refused inside the dialog, which stays open, and nothing is sent.
    await user.click(await screen.findByRole('button', { name: 'YES' }));
    expect(await screen.findByText('Write the reason for the rejection')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/withdrawals/reject')).toBe(false);
    await user.type(screen.getByLabelText('Reason'), 'Unverified PayPal account');
    await user.click(screen.getByRole('button', { name: 'YES' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /admin/withdrawals/reject')?.body).toEqual({
        withdrawal_id: queued._id,
        reason: 'Unverified PayPal account',
      }),
    );
    expect(toast.success).toHaveBeenCalledWith('Withdrawal rejected and refunded');
  });

  it('tells where four eyes stand and who decided, and keeps a refused second approval in the dialog', async () => {
    const user = userEvent.setup();
    const waiting = {
      ...queued,
      value_usd: '2500.00',
      approvals: 1,
      approvals_needed: 2,
      first_approved_by_name: 'Admin',
      first_approved_at: '2026-01-02T10:00:00.000Z',
    };
    const decided = {
      ...queued,
      _id: 'w-2',
      status: 'APPROVED' as const,
      user: { ...queued.user, email: 'bob@example.com' },
      decided_by_name: 'Ben Admin',
      decided_at: '2026-01-02T11:00:00.000Z',
    };
    fakeApi(admin, {
      'POST /admin/withdrawals': () => ok({ content: [waiting, decided], total: 2, page: 1, limit: 10 }),
      'POST /admin/withdrawals/approve': () => ({
        status: 409,
        body: {
          status: false,
          message: 'You gave this withdrawal its first approval: a second, different admin must approve it',
        },
      }),
    });
    renderApp('/admin-withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' }, { timeout: 15_000 });
    expect(await within(table).findByText('1 of 2 approvals')).toBeInTheDocument();
    expect(within(table).getByText('≈ $2,500.00')).toBeInTheDocument();
    expect(within(table).getByText(/^First approval: Admin,/)).toBeInTheDocument();
    expect(within(table).getByText(/^Approved by Ben Admin,/)).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Approve withdrawal of alice@example.com' }));
    expect(await screen.findByText(/Give the second approval/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'YES' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('a second, different admin must approve it');
    expect(screen.getByRole('button', { name: 'YES' })).toBeInTheDocument();
  });
});
