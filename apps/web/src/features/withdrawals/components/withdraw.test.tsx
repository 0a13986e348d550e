import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi, walletFixture } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const terms = {
  status: true,
  message: 'Withdrawal terms',
  data: {
    asset: 'USD',
    method: 'paypal',
    destination: 'alice@example.com',
    chain: null,
    chains: [],
    address_cool_down_hours: 24,
    minimum: '10.00',
    fee: '1.00',
    available: '250.00',
    two_factor_on: true,
    daily_left_usd: '10000.00',
    code_ttl_minutes: 15,
  },
};

function withdrawal(status: string) {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    asset: 'USD',
    method: 'paypal',
    destination: 'alice@example.com',
    amount: '250.00',
    fee: '1.00',
    receive: '249.00',
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

describe('Wallet → Withdraw (USD to PayPal)', () => {
  it('shows the fee and what arrives, takes Max, sends the two-factor code, then the mailed code', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: walletFixture }),
      'GET /withdrawals/terms': () => ({ body: terms }),
      'POST /withdrawals': () => ({
        body: { status: true, message: 'We e-mailed you a code', data: withdrawal('REQUESTED') },
      }),
      'POST /withdrawals/confirm': () => ({
        body: {
          status: true,
          message: 'Withdrawal confirmed: it is waiting for approval',
          data: withdrawal('PENDING_APPROVAL'),
        },
      }),
    });
    renderApp('/deposit');
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    expect(await within(dialog).findByText('alice@example.com')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('250.00');
    expect(within(dialog).getByTestId('withdraw-receive')).toHaveTextContent('$249.00');
    await user.type(within(dialog).getByLabelText('Two-factor code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(dialog).findByLabelText('Code from the e-mail'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('waiting for approval');
    const request = calls.find((c) => c.key === 'POST /withdrawals');
    expect(request?.body).toEqual({ asset: 'USD', amount: '250.00', totp: '123456' });
    expect(request?.headers.get('idempotency-key')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /withdrawals/confirm')?.body).toEqual({
      withdrawal_id: withdrawal('x')._id,
      code: '654321',
    });
  });

  it("shows the server's refusal as it words it", async () => {
    const user = userEvent.setup();
    fakeApi(customer(true), {
      'GET /wallet': () => ({ body: walletFixture }),
      'GET /withdrawals/terms': () => ({ body: terms }),
      'POST /withdrawals': () => ({
        status: 403,
        body: {
          status: false,
          code: 'two_factor_required',
          message: 'Turn on two-factor authentication on the Security page before you withdraw',
        },
      }),
    });
    renderApp('/deposit');
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    await user.type(await within(dialog).findByLabelText('Amount'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Turn on two-factor authentication on the Security page before you withdraw',
    );
  });
});

describe('History → Withdrawals', () => {
  it('lists the withdrawals with their status and cancels one waiting for approval after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(customer(true), {
      'GET /withdrawals': () => ({
        body: {
          status: true,
          message: 'Withdrawals',
          data: { content: [withdrawal('PENDING_APPROVAL')], total: 1, page: 1, limit: 10 },
        },
      }),
      'POST /withdrawals/cancel': () => ({
        body: { status: true, message: 'Withdrawal cancelled', data: withdrawal('CANCELLED') },
      }),
    });
    renderApp('/history');
    await user.click(await screen.findByRole('tab', { name: 'Withdrawals' }, { timeout: 15_000 }));
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(await within(table).findByText('Pending approval')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'YES' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /withdrawals/cancel')).toBe(true));
    expect(toast.success).toHaveBeenCalledWith('Withdrawal cancelled');
  });
});
