import type { ApiKeyView } from '@exchange/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { customer, type FakeRoute, fakeApi } from '../../wallet/test/fake-api';
import { ApiKeysSection } from './api-keys-section';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ body: { status: true, message: 'ok', data } });
const KEY = 'K'.repeat(64);
const SECRET = 'S'.repeat(64);

const view = (id: string, label: string, overrides: Partial<ApiKeyView> = {}): ApiKeyView => ({
  id,
  label,
  key_prefix: 'AbCd1234',
  permissions: ['read'],
  ip_allow_list: [],
  created_at: '2026-11-27T07:00:00.000Z',
  last_used_at: null,
  ...overrides,
});

function keysApi(twoFactor: boolean, keys: ApiKeyView[], routes: Record<string, FakeRoute> = {}) {
  return fakeApi(customer(true), {
    'POST /auth/2fa/status': () => ok({ enabled: twoFactor, recovery_codes_left: twoFactor ? 10 : 0 }),
    'GET /security/api-keys': () => ok({ content: keys, total: keys.length, page: 1, limit: 10 }),
    ...routes,
  });
}

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiKeysSection />
    </QueryClientProvider>,
  );
}

describe('ApiKeysSection', () => {
  it('lists the keys with their last use, never a secret', async () => {
    keysApi(false, [
      view('k1', 'Trading bot', {
        permissions: ['read', 'trade'],
        ip_allow_list: ['203.0.113.7'],
        last_used_at: '2026-11-27T07:30:00.000Z',
      }),
      view('k2', 'Reader'),
    ]);
    renderSection();
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(await within(table).findByText('Trading bot')).toBeInTheDocument();
    expect(within(table).getByText('Read and trade')).toBeInTheDocument();
    expect(within(table).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(table).getByText('Any address')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
  });

  it('checks the form, sends the key with its allow-list, then shows the secret once with Copy', async () => {
    const user = userEvent.setup();
    const calls = keysApi(false, [], {
      'POST /security/api-keys': ({ body }) =>
        ok({
          ...view('k9', (body as { label: string }).label, { permissions: ['read', 'trade'] }),
          api_key: KEY,
          secret: SECRET,
        }),
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();
    expect(await screen.findByText('You have no API keys.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Authentication code')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText('Please enter a label')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Label'), 'My bot');
    await user.selectOptions(within(dialog).getByLabelText('Permissions'), 'trade');
    await user.type(within(dialog).getByLabelText('IP allow-list (optional)'), '203.0.113.7, nonsense');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText(/Enter IPv4 or IPv6 addresses/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /security/api-keys')).toBe(false);

    const ips = within(dialog).getByLabelText('IP allow-list (optional)');
    await user.clear(ips);
    await user.type(ips, '203.0.113.7, 2001:db8::/32');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /security/api-keys')?.body).toEqual({
        label: 'My bot',
        permissions: ['read', 'trade'],
        ip_allow_list: ['203.0.113.7', '2001:db8::/32'],
      }),
    );
    const shown = await screen.findByRole('dialog');
    expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
    expect(within(shown).getByTestId('created-api-key')).toHaveTextContent(KEY);
    expect(within(shown).getByTestId('created-api-secret')).toHaveTextContent(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy Secret key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(shown).findByRole('button', { name: 'Copy Secret key' })).toHaveTextContent('Copied');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('asks for the two-factor code when two-factor is on, and sends it', async () => {
    const user = userEvent.setup();
    const calls = keysApi(true, [], {
      'POST /security/api-keys': () => ok({ ...view('k9', 'bot'), api_key: KEY, secret: SECRET }),
    });
    renderSection();
    await screen.findByText('You have no API keys.');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Label'), 'bot');
    await user.type(await within(dialog).findByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /security/api-keys')?.body).toEqual({
        label: 'bot',
        permissions: ['read'],
        ip_allow_list: [],
        totp: '123456',
      }),
    );
  });

  it('revokes a key only after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = keysApi(false, [view('k1', 'Trading bot')], {
      'POST /security/api-keys/k1/revoke': () => ({
        body: { status: true, message: 'The API key was revoked' },
      }),
    });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Revoke Trading bot' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Revoke the API key "Trading bot"?');
    expect(calls.some((c) => c.key === 'POST /security/api-keys/k1/revoke')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /security/api-keys/k1/revoke')).toBe(true));
    expect(toast.success).toHaveBeenCalledWith('The API key was revoked');
  });
});
