import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { customer, fakeApi } from '../../wallet/test/fake-api';
import { TwoFactorSection } from './two-factor-section';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const CODES = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff'];

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TwoFactorSection />
    </QueryClientProvider>,
  );
}

describe('TwoFactorSection', () => {
  it('enrols with a six-digit code, then shows the recovery codes once with a Download', async () => {
    let enabled = false;
    const calls = fakeApi(customer(true), {
      'POST /auth/2fa/status': () => ({
        body: { status: true, message: 'Status', data: { enabled, recovery_codes_left: enabled ? 3 : 0 } },
      }),
      'POST /auth/2fa/enrol': () => ({
        body: {
          status: true,
          message: 'Scan the QR code',
          data: { secret: 'ABC', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,' },
        },
      }),
      'POST /auth/2fa/confirm': () => {
        enabled = true;
        return {
          body: { status: true, message: 'Two-factor sign-in is on', data: { recovery_codes: CODES } },
        };
      },
    });
    const createObjectURL = vi.fn(() => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('ABC');
    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '12345');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Two-factor sign-in is on'));
    expect(calls.find((c) => c.key === 'POST /auth/2fa/confirm')?.body).toEqual({ code: '123456' });

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent(CODES.join(''));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toContain(CODES.join('\n'));
    // Shown once: dismissed, the codes are gone and the section says two-factor is on.
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await screen.findByText('Recovery codes left: 3')).toBeInTheDocument();
  });

  it('turns two-factor off with a recovery code behind "Use a recovery code"', async () => {
    const calls = fakeApi(customer(true), {
      'POST /auth/2fa/status': () => ({
        body: { status: true, message: 'Status', data: { enabled: true, recovery_codes_left: 10 } },
      }),
      'POST /auth/2fa/disable': () => ({
        body: { status: true, message: 'Two-factor authentication is off' },
      }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'aaaaa-bbbbb');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Two-factor authentication is off'));
    expect(calls.find((c) => c.key === 'POST /auth/2fa/disable')?.body).toEqual({
      recovery_code: 'aaaaa-bbbbb',
    });
  });
});
