import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { ChangePasswordForm } from './change-password-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

function renderForm(twoFactor: boolean) {
  const calls = fakeApi(customer(true), {
    'POST /auth/2fa/status': () => ({
      body: { status: true, message: 'Status', data: { enabled: twoFactor, recovery_codes_left: 10 } },
    }),
    'POST /auth/password/change': () => ({
      body: { status: true, message: 'Password changed successfully' },
    }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChangePasswordForm email="alice@example.com" />
    </QueryClientProvider>,
  );
  return calls;
}

async function fillPasswords(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Old password', { selector: 'input' }), 'Sunrise#2026');
  await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'Moonrise#2027');
  await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'Moonrise#2027');
}

describe('the password change form and two-factor', () => {
  it('asks for the authentication code when two-factor is on, and sends it', async () => {
    const calls = renderForm(true);
    const user = userEvent.setup();
    const code = await screen.findByLabelText('Authentication code');
    await fillPasswords(user);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password changed successfully'));
    expect(calls.find((c) => c.key === 'POST /auth/password/change')?.body).toMatchObject({
      current_password: 'Sunrise#2026',
      new_password: 'Moonrise#2027',
      totp: '654321',
    });
  });

  it('asks for no code when two-factor is off', async () => {
    const calls = renderForm(false);
    const user = userEvent.setup();
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /auth/2fa/status')).toBe(true));
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await fillPasswords(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.find((c) => c.key === 'POST /auth/password/change')?.body).not.toHaveProperty('totp');
  });

  it('reads the two-factor status again after a change, since a new password pauses withdrawals', async () => {
    const calls = renderForm(false);
    const user = userEvent.setup();
    const statusReads = () => calls.filter((c) => c.key === 'POST /auth/2fa/status').length;
    await waitFor(() => expect(statusReads()).toBe(1));
    await fillPasswords(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    await waitFor(() => expect(statusReads()).toBe(2));
  });
});
