import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, type FakeRoute, fakeApi } from '../../wallet/test/fake-api';

// The app's toast region is mounted by the app shell, outside the routes these tests render.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ body: { status: true, message: 'ok', data } });
const session = (id: string, device: string, current: boolean) => ({
  id,
  device,
  network: '203.0.113.0/24',
  created_at: '2026-11-27T07:00:00.000Z',
  last_used_at: '2026-11-27T07:10:00.000Z',
  current,
});

function securityApi(routes: Record<string, FakeRoute> = {}) {
  return fakeApi(customer(false), {
    'POST /auth/2fa/status': () => ok({ enabled: false, recovery_codes_left: 0 }),
    'GET /security/sessions': () =>
      ok([session('s-here', 'Chrome on Windows', true), session('s-phone', 'Safari on iOS', false)]),
    'GET /security/sign-ins': () => ok({ content: [], total: 0, page: 1, limit: 10 }),
    'GET /security/anti-phishing': () => ok({ phrase: null }),
    'GET /security/api-keys': () => ok({ content: [], total: 0, page: 1, limit: 10 }),
    ...routes,
  });
}

describe('Security page', () => {
  it('marks this device, offers sign-out on the others only, and signs out all others after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = securityApi({ 'POST /security/sessions/revoke-others': () => ok({ ended: 1 }) });
    renderApp('/security');
    const cards = await screen.findAllByTestId('session-card', {}, { timeout: 15_000 });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('This device');
    expect(within(cards[0]!).queryByRole('button', { name: 'Sign out this session' })).toBeNull();
    expect(within(cards[1]!).getByRole('button', { name: 'Sign out this session' })).toBeInTheDocument();
    expect(await screen.findByText('No sign-ins yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('this one stays signed in');
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'POST /security/sessions/revoke-others')).toBe(true),
    );
  });

  it('shows an error state with a retry when the sessions cannot be loaded', async () => {
    securityApi({
      'GET /security/sessions': () => ({
        status: 500,
        body: { status: false, message: 'boom', code: 'internal' },
      }),
    });
    renderApp('/security');
    expect(
      await screen.findByText('Your sessions could not be loaded', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });

  it('checks the anti-phishing phrase before sending it', async () => {
    const user = userEvent.setup();
    const calls = securityApi({ 'POST /security/anti-phishing': ({ body }) => ok(body) });
    renderApp('/security');
    const input = await screen.findByLabelText('Your phrase', {}, { timeout: 15_000 });
    await user.type(input, 'a-b');
    await user.click(screen.getByRole('button', { name: 'Save phrase' }));
    expect(await screen.findByText('Use 4 to 32 letters, digits or spaces')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /security/anti-phishing')).toBe(false);
    await user.clear(input);
    await user.type(input, 'Blue Heron 42');
    await user.click(screen.getByRole('button', { name: 'Save phrase' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /security/anti-phishing')?.body).toEqual({
        phrase: 'Blue Heron 42',
      }),
    );
  });
});
