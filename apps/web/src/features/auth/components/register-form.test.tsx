import { messages } from '@exchange/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';

function alerts(): string[] {
  const form = screen.getByRole('button', { name: 'Register' }).closest('form');
  if (!form) throw new Error('no form');
  return within(form)
    .queryAllByRole('alert')
    .map((node) => node.textContent ?? '');
}

async function openRegister(path = '/register') {
  const view = renderApp(path);
  // The page is lazy-loaded; the first import in a run is slow while vite transforms it.
  await screen.findByRole('button', { name: 'Register' }, { timeout: 15_000 });
  return view;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('register form', () => {
  it('an empty submit shows the required messages of spec section 5, in field order', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn());
    await openRegister();

    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() =>
      expect(alerts()).toEqual([
        messages.nameRequired,
        messages.countryCodeRequired,
        messages.mobileRequired,
        messages.registerEmailRequired,
        messages.passwordRequired,
        messages.confirmPasswordRequired,
      ]),
    );
    expect(alerts()).toEqual([
      'Name is required.',
      'Country code is required.',
      'Mobile is required.',
      'Email id is required.',
      'Password is required',
      'Confirm Password is required.',
    ]);
  });

  it('password rules report one message at a time, in the spec order, then the confirm mismatch', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await openRegister();

    await user.type(screen.getByLabelText('Name'), 'Dana');
    await user.selectOptions(screen.getByLabelText('Country code'), 'India (+91)');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    const password = screen.getByLabelText('Password');
    const steps: Array<[string, string]> = [
      ['abc', 'Minimum 8 Character'],
      ['abcdefgh', 'Must Contain One Uppercase'],
      ['Abcdefgh', 'Must Contain One Number'],
      ['Abcdefg1', 'Must Contain Special Character'],
    ];
    for (const [typed, expected] of steps) {
      await user.clear(password);
      await user.type(password, typed);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => expect(alerts()).toContain(expected));
    }
    expect(alerts()).toContain('Enter Valid Email id');

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.clear(password);
    await user.type(password, 'Abcdefg1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefg1?');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(alerts()).toEqual(['Password does not matched']));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a name with anything but letters is refused under the field, as on the profile, and nothing is sent', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await openRegister();

    await user.type(screen.getByLabelText('Name'), 'Bob Click http://x.example');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(alerts()[0]).toBe('Name accepts letters only'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('?code= ticks the referral box and fills the code; success goes to /otp-verification with the e-mail after 3 s', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ status: true, message: 'Registered', data: { email: 'dana@example.com' } }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await openRegister('/register?code=FRIEND7');

    expect(screen.getByLabelText('I have a referral code')).toBeChecked();
    expect(screen.getByLabelText('Referral code')).toHaveValue('FRIEND7');

    await user.type(screen.getByLabelText('Name'), 'Dana');
    await user.selectOptions(screen.getByLabelText('Country code'), '971');
    await user.type(screen.getByLabelText('Mobile number'), '501234567');
    await user.type(screen.getByLabelText('Email'), 'Dana@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Abcdefg1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/signup');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Dana',
      country_code: '971',
      mobile_no: '501234567',
      email: 'dana@example.com',
      password: 'Abcdefg1!',
      confirm_password: 'Abcdefg1!',
      referral_code: 'FRIEND7',
    });
    // Waiting to move on, the form stays disabled.
    expect(screen.getByRole('button', { name: /Please Wait/ })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp-verification'), { timeout: 4_500 });
    expect(router.state.location.state).toEqual({ email: 'dana@example.com' });
  });
});
