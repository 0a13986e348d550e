import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { networksAnswer } from '../../chain-deposits/test/fixtures';
import { customer, type FakeRoute, fakeApi } from '../../wallet/test/fake-api';
import { BAD_CHECKSUM, bookEntry, GOOD_ADDRESS, page } from '../test/coin-withdrawal-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ body: { status: true, message: 'ok', data } });

function securityApi(routes: Record<string, FakeRoute>) {
  return fakeApi(customer(true), {
    'POST /auth/2fa/status': () => ok({ enabled: true, recovery_codes_left: 10 }),
    'GET /security/sessions': () => ok([]),
    'GET /security/sign-ins': () => ok({ content: [], total: 0, page: 1, limit: 10 }),
    'GET /security/anti-phishing': () => ok({ phrase: null }),
    'GET /security/api-keys': () => ok({ content: [], total: 0, page: 1, limit: 10 }),
    'GET /wallet/deposit-networks': networksAnswer,
    ...routes,
  });
}

async function bookCard() {
  renderApp('/security');
  const heading = await screen.findByRole(
    'heading',
    { name: 'Withdrawal address book' },
    { timeout: 15_000 },
  );
  return heading.closest('section') ?? document.body;
}

describe('Security → Withdrawal address book', () => {
  it('lists the entries from the server, searches there, and removes one after a confirmation', async () => {
    const user = userEvent.setup();
    const searches: string[] = [];
    const calls = securityApi({
      'GET /withdrawals/addresses': ({ url }) => {
        searches.push(url.searchParams.get('search') ?? '');
        return {
          body: page([
            bookEntry('Ledger', '2026-01-01T00:00:00.000Z'),
            bookEntry('Fresh', '2999-01-01T00:00:00.000Z', '44444444-4444-4444-8444-444444444444'),
          ]),
        };
      },
      'POST /withdrawals/addresses/remove': () => ({
        body: { status: true, message: 'Address removed', data: null },
      }),
    });
    const card = await bookCard();
    const table = await within(card as HTMLElement).findByRole('table', { name: 'Withdrawal address book' });
    expect(await within(table).findByText('Ledger')).toBeInTheDocument();
    expect(within(table).getAllByText(GOOD_ADDRESS)).toHaveLength(2);
    expect(within(table).getByText('Ready')).toBeInTheDocument();
    expect(within(table).getByText(/^Usable from/)).toBeInTheDocument();
    expect(within(table).getAllByText('Ethereum')).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Search addresses' }), 'ledg');
    await waitFor(() => expect(searches).toContain('ledg'));

    await user.click(within(table).getByRole('button', { name: 'Remove Ledger' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Remove “Ledger” (${GOOD_ADDRESS}) from your address book?`);
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /withdrawals/addresses/remove')?.body).toEqual({
        address_id: '33333333-3333-4333-8333-333333333333',
      }),
    );
    expect(toast.success).toHaveBeenCalledWith('Address removed');
  });

  it('adds an address with a label and a two-factor code, refusing a wrong checksum first', async () => {
    const user = userEvent.setup();
    const calls = securityApi({
      'GET /withdrawals/addresses': () => ({ body: page([]) }),
      'POST /withdrawals/addresses': () => ({
        body: { status: true, message: 'Saved', data: bookEntry('Cold', '2026-11-28T10:00:00.000Z') },
      }),
    });
    const card = (await bookCard()) as HTMLElement;
    expect(await within(card).findByText('No saved addresses yet')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });
    expect(within(dialog).getByLabelText('Network')).toHaveValue('ethereum');
    await user.selectOptions(within(dialog).getByLabelText('Network'), 'bsc');
    await user.type(within(dialog).getByLabelText('Label'), 'Cold');
    await user.type(within(dialog).getByLabelText('Address'), BAD_CHECKSUM);
    expect(await within(dialog).findByText(/wrong checksum/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(calls.some((c) => c.key === 'POST /withdrawals/addresses')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.type(within(dialog).getByLabelText('Address'), GOOD_ADDRESS.toUpperCase().replace('0X', '0x'));
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /withdrawals/addresses')?.body).toEqual({
        chain: 'bsc',
        label: 'Cold',
        address: GOOD_ADDRESS,
        totp: '123456',
      }),
    );
    expect(toast.success).toHaveBeenCalledWith(
      expect.stringMatching(/^Address saved: usable for withdrawals from/),
    );
  });
});
