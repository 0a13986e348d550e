import { messages } from '@exchange/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The sign-in API as an account with two-factor on answers it: no code, no session. */
function twoFactorAccount() {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
      if (url.pathname.endsWith('/auth/login')) bodies.push(body);
      const answer = body.recovery_code
        ? { status: false, code: 'recovery_code_wrong', message: messages.recoveryCodeWrong }
        : body.totp
          ? { status: false, code: 'totp_invalid', message: messages.totpCodeWrong }
          : { status: false, code: 'totp_required', message: messages.totpCodeRequired };
      return new Response(JSON.stringify(answer), { status: 401 });
    }),
  );
  return bodies;
}

describe('the sign-in code step', () => {
  it('asks for the authentication code after the password, or a recovery code behind its link', async () => {
    const bodies = twoFactorAccount();
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' }, { timeout: 15_000 });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();

    await user.type(screen.getByLabelText('Email'), 'fox@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Sunrise#2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ email: 'fox@example.com', password: 'Sunrise#2026', totp: '123456' });

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fgh23');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    // Only the shown field is sent.
    expect(bodies[2]).toEqual({
      email: 'fox@example.com',
      password: 'Sunrise#2026',
      recovery_code: 'abcde-fgh23',
    });
  });
});
