import type { AdminWithdrawalItem, WithdrawalItem } from '@exchange/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { adminUser, customer, fakeApi, okAnswer as ok } from '../../wallet/test/fake-api';

// Issue 43: a USD withdrawal the payout job has claimed (SENDING) may already be paid at PayPal, so
// both screens show it as being sent and neither offers to stop it.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const admin = adminUser();

function withdrawal(id: string, status: WithdrawalItem['status']): WithdrawalItem {
  return {
    _id: id,
    asset: 'USD',
    method: 'paypal',
    destination: 'alice@example.com',
    amount: '50.00',
    fee: '1.00',
    receive: '49.00',
    status,
    reason: null,
    reference: null,
    chain: null,
    tx_hash: null,
    explorer_url: null,
    label: null,
    createdAt: '2026-11-27T08:00:00.000Z',
    updatedAt: '2026-11-27T08:00:00.000Z',
  };
}

function queued(id: string, email: string, status: WithdrawalItem['status']): AdminWithdrawalItem {
  return {
    ...withdrawal(id, status),
    destination: email,
    user: { _id: `u-${email}`, name: email, email },
    value_usd: '50.00',
    flags: [],
    activity: {
      last_deposit_at: null,
      last_security_change_at: null,
      completed_withdrawals: 0,
      withdrawn_24h_usd: '50.00',
    },
    decided_by: null,
    decided_by_name: null,
    decided_at: null,
    first_approved_by_name: null,
    first_approved_at: null,
    approvals_needed: 1,
    approvals: 0,
    held_reason: null,
  };
}

describe('a USD withdrawal being sent (SENDING)', () => {
  it('reads "Sending" in the admin queue, which offers no Reject for it', async () => {
    fakeApi(admin, {
      'POST /admin/withdrawals': () =>
        ok({
          content: [
            queued('11111111-1111-4111-8111-111111111111', 'sending@example.com', 'SENDING'),
            queued('22222222-2222-4222-8222-222222222222', 'approved@example.com', 'APPROVED'),
          ],
          total: 2,
          page: 1,
          limit: 10,
        }),
    });
    renderApp('/admin-withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' }, { timeout: 15_000 });
    expect(await within(table).findByText('Sending')).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Reject withdrawal of approved@example.com' }),
    ).toBeVisible();
    expect(
      within(table).queryByRole('button', { name: 'Reject withdrawal of sending@example.com' }),
    ).toBeNull();
  });

  it('reads "Sending" in the customer\'s history, with no Cancel', async () => {
    const user = userEvent.setup();
    fakeApi(customer(true), {
      'GET /withdrawals': () =>
        ok({
          content: [withdrawal('11111111-1111-4111-8111-111111111111', 'SENDING')],
          total: 1,
          page: 1,
          limit: 10,
        }),
    });
    renderApp('/history');
    await user.click(await screen.findByRole('tab', { name: 'Withdrawals' }, { timeout: 15_000 }));
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(await within(table).findByText('Sending')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
