import type { PublicUser } from '@exchange/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../lib/session-token';
import { renderApp } from '../test/render-app';

function user(role: 'USER' | 'ADMIN'): PublicUser {
  return {
    _id: role === 'ADMIN' ? 'u-admin' : 'u-alice',
    name: role === 'ADMIN' ? 'Admin' : 'Alice',
    email: role === 'ADMIN' ? 'admin@example.com' : 'alice@example.com',
    country_code: '971',
    mobile_no: '501234567',
    user_role: role,
    role,
    ref_code: 'REF123',
    is_kyc_verified: role === 'USER',
    profile_pic: '',
    status: 'ACTIVE',
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

/** GET /auth/me answers as `who`; anything else is not expected by these tests. */
function signedInAs(who: PublicUser) {
  setAccessToken('token');
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).endsWith('/auth/me')) {
      return new Response(JSON.stringify({ status: true, message: 'User details', data: who }), {
        status: 200,
      });
    }
    return new Response(JSON.stringify({ status: false, message: 'unexpected', code: 'not_found' }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it('sends a visitor from /admin-user to /login, remembering where they were going', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/admin-user');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/admin-user', search: '', hash: '' } });
    // Without a stored token the session is not even checked with the server.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Log in to continue to the page you asked for.', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });

  it('tells a signed-in customer on /admin-user that they have no access', async () => {
    signedInAs(user('USER'));
    const { router } = renderApp('/admin-user');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have no access to this page' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-user');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('lets an admin open /admin-user inside the back-office layout', async () => {
    signedInAs(user('ADMIN'));
    const { router } = renderApp('/admin-user');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-user');
    expect(screen.getAllByRole('navigation', { name: 'Admin' })[0]).toBeInTheDocument();
  });

  it('lets a customer open a user page but sends a visitor away from it', async () => {
    signedInAs(user('USER'));
    const customer = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(customer.router.state.location.pathname).toBe('/dashboard');
    customer.unmount();
    vi.unstubAllGlobals();

    window.localStorage.clear();
    vi.stubGlobal('fetch', vi.fn());
    const visitor = renderApp('/stake');
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
    expect(visitor.router.state.location.state).toMatchObject({ from: { pathname: '/stake' } });
  });

  it.each([
    ['/kyc', 'KYC'],
    ['/profile', 'Profile'],
    ['/protrading-buy-sell', 'Professional Trading'],
  ])('does not guard %s: a visitor stays on it', async (path, heading) => {
    vi.stubGlobal('fetch', vi.fn());
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
