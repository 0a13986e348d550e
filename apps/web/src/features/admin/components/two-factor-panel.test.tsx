import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { TwoFactorPanel } from './two-factor-panel';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('TwoFactorPanel', () => {
  it('offers Confirm only for six digits and sends the code the app shows', async () => {
    let enabled = false;
    const calls = fakeApi(customer(true), {
      'POST /auth/2fa/status': () => ({ body: { status: true, message: 'Status', data: { enabled } } }),
      'POST /auth/2fa/enrol': () => ({
        body: {
          status: true,
          message: 'Scan the QR code',
          data: { secret: 'ABC', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,' },
        },
      }),
      'POST /auth/2fa/confirm': () => {
        enabled = true;
        return { body: { status: true, message: 'Two-factor sign-in is on' } };
      },
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TwoFactorPanel />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    const code = await screen.findByLabelText('Authenticator code');
    await user.type(code, '12345');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Two-factor sign-in is on'));
    expect(calls.find((c) => c.key === 'POST /auth/2fa/confirm')?.body).toEqual({ code: '123456' });
  });
});
