import type { AdminWithdrawalItem } from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, type FakeRoute, fakeApi } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const admin = {
  ...customer(true),
  _id: 'u-admin',
  name: 'Admin',
  role: 'ADMIN' as const,
  user_role: 'ADMIN' as const,
};
const ok = (data: unknown): ReturnType<FakeRoute> => ({ body: { status: true, message: 'ok', data } });

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
    });
    await user.click(within(table).getByRole('button', { name: 'Reject withdrawal of alice@example.com' }));
    await user.type(await screen.findByLabelText('Reason'), 'Unverified PayPal account');
    await user.click(screen.getByRole('button', { name: 'YES' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /admin/withdrawals/reject')?.body).toEqual({
        withdrawal_id: queued._id,
        reason: 'Unverified PayPal account',
      }),
    );
    expect(toast.success).toHaveBeenCalledWith('Withdrawal rejected and refunded');
  });
});
