import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeRealtime } from '../../market/test/fakes';
import { customer, fakeApi, walletFixture } from '../../wallet/test/fake-api';
import { ADDRESS, addressRoute, BSC_ADDRESS, deposit, depositsRoute, networksAnswer } from '../test/fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeRealtime> | null }));
vi.mock('../../../lib/realtime', () => ({
  get realtime() {
    return fake.current?.client;
  },
}));

const { renderApp } = await import('../../../test/render-app');

beforeEach(() => {
  fake.current = createFakeRealtime('open');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function routes(deposits = [deposit(1)]) {
  return {
    'GET /wallet': () => ({ body: walletFixture }),
    'GET /wallet/deposit-networks': networksAnswer,
    'POST /wallet/deposit-address': addressRoute,
    'POST /wallet/chain-deposits': depositsRoute(deposits),
  };
}

/** Opens the wallet as a person does and returns the coin deposit card. */
async function openCard() {
  renderApp('/deposit');
  const heading = await screen.findByRole('heading', { name: 'Deposit crypto' }, { timeout: 15_000 });
  const card = heading.closest('section');
  if (!card) throw new Error('the card has no section');
  return card;
}

describe('Wallet → Deposit crypto', () => {
  it("shows the customer's own ETH address with its QR code, minimum, confirmations and the warning", async () => {
    const calls = fakeApi(customer(true), routes());
    const card = await openCard();

    const address = await within(card).findByTestId('deposit-address');
    expect(within(card).getByLabelText('Coin')).toHaveValue('ETH');
    expect(address).toHaveTextContent(ADDRESS);
    expect(address.tagName).toBe('CODE');
    expect(
      await within(card).findByRole('img', { name: 'QR code of your ETH deposit address' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(card).getByTestId('deposit-minimum')).toHaveTextContent('0.0010 ETH');
    expect(within(card).getByTestId('deposit-confirmations-needed')).toHaveTextContent('12');
    expect(within(card).getByRole('note')).toHaveTextContent(
      'Send only ETH on Ethereum to this address. Other coins or networks will be lost.',
    );
    // One chain: no chain picker.
    expect(within(card).queryByLabelText('Network')).not.toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /wallet/deposit-address')?.body).toEqual({
      asset: 'ETH',
      chain: 'ethereum',
    });
  });

  it("copies the address and says 'Copied'", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    fakeApi(customer(true), routes());
    const card = await openCard();
    await within(card).findByTestId('deposit-address');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await within(card).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent('Copied');
  });

  it('makes the customer choose the network of a coin that has more than one, with an address for each', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(customer(true), routes());
    const card = await openCard();
    await within(card).findByTestId('deposit-address');

    await user.selectOptions(within(card).getByLabelText('Coin'), 'USDT');
    const network = within(card).getByLabelText('Network');
    // No network is chosen for them: no address shows until they pick the one their wallet sends on.
    expect(network).toHaveValue('');
    expect(within(card).getByTestId('deposit-choose-network')).toHaveTextContent(
      'USDT moves on 2 networks. Choose the one your wallet sends on to see your address.',
    );
    expect(within(card).queryByTestId('deposit-address')).not.toBeInTheDocument();
    await user.selectOptions(network, 'ethereum');
    expect(await within(card).findByTestId('deposit-address', {}, { timeout: 10_000 })).toHaveTextContent(
      ADDRESS,
    );
    await user.selectOptions(network, 'bsc');

    expect(await within(card).findByText(BSC_ADDRESS)).toBeInTheDocument();
    expect(within(card).getByRole('note')).toHaveTextContent(
      'Send only USDT on BNB Smart Chain (BEP-20) to this address. Coins sent on another network may be lost.',
    );
    expect(within(card).getByTestId('deposit-minimum')).toHaveTextContent('5.0000 USDT');
    expect(
      calls.filter((call) => call.key === 'POST /wallet/deposit-address').map((call) => call.body),
    ).toEqual([
      { asset: 'ETH', chain: 'ethereum' },
      { asset: 'USDT', chain: 'ethereum' },
      { asset: 'USDT', chain: 'bsc' },
    ]);
  });

  it('offers only the coins a chain is configured for, and names the others once, plainly', async () => {
    fakeApi(customer(true), routes());
    const card = await openCard();
    await within(card).findByTestId('deposit-address');

    const options = within(within(card).getByLabelText('Coin')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ethereum (ETH)', 'Tether (USDT)']);
    expect(within(card).queryByText(/Coming Soon/)).not.toBeInTheDocument();
    expect(
      within(card).getByText(
        'BTC, BNB, USDC, XRP, ADA, MATIC, DOT, BUSD, LTC, and MULTI cannot be deposited here yet.',
      ),
    ).toBeInTheDocument();
  });

  it('asks a customer without KYC to complete it, and asks the server for no address', async () => {
    const calls = fakeApi(customer(false), routes());
    const card = await openCard();

    expect(await within(card).findByRole('link', { name: 'Please Complete Your Kyc' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(within(card).queryByTestId('deposit-address')).not.toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST /wallet/deposit-address')).toBe(false);
  });

  it("shows the server's refusal of an address with a retry", async () => {
    fakeApi(customer(true), {
      ...routes(),
      'POST /wallet/deposit-address': () => ({
        status: 403,
        body: { status: false, message: 'Please Complete Your Kyc', code: 'kyc_required' },
      }),
    });
    const card = await openCard();

    const alert = await within(card).findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Your deposit address could not be loaded');
    expect(alert).toHaveTextContent('Please Complete Your Kyc');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists the recent deposits of the coin and moves a row live as the socket reports it', async () => {
    const items = [deposit(1), deposit(2, { asset: 'USDT' })];
    const calls = fakeApi(customer(true), routes(items));
    const card = await openCard();

    const table = await within(card).findByRole('table', { name: 'Recent deposits' });
    const link = await within(table).findByRole('link', { name: /^0x0001abab/ });
    expect(link).toHaveAttribute('href', deposit(1).explorer_tx_url);
    expect(within(table).getByTestId('deposit-confirmations')).toHaveTextContent('3 / 12');
    expect(within(table).getByText('PENDING')).toBeInTheDocument();
    // Searched by the coin on the server, and only that coin's rows shown.
    expect(calls.find((call) => call.key === 'POST /wallet/chain-deposits')?.body).toMatchObject({
      page: 1,
      search: 'ETH',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    const listCalls = () => calls.filter((call) => call.key === 'POST /wallet/chain-deposits').length;
    const before = listCalls();

    act(() =>
      fake.current?.emit('user', { type: 'chain_deposit', deposit: deposit(1, { confirmations: 7 }) }),
    );
    await waitFor(() =>
      expect(within(table).getByTestId('deposit-confirmations')).toHaveTextContent('7 / 12'),
    );
    expect(listCalls()).toBe(before);

    // The server credits it; the refresh that follows reads it back as the event said.
    items[0] = deposit(1, { confirmations: 12, status: 'CREDITED', credited_at: '2026-05-02T10:00:00.000Z' });
    act(() => fake.current?.emit('user', { type: 'chain_deposit', deposit: items[0] }));
    expect(await within(table).findByText('CREDITED')).toBeInTheDocument();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('0.5000 ETH credited to your wallet'));
    // The credit refreshes the balances.
    await waitFor(() => expect(calls.filter((call) => call.key === 'GET /wallet').length).toBeGreaterThan(1));
  });

  it('fetches the list again when the socket reports a deposit it does not hold yet', async () => {
    const items = [deposit(1)];
    const calls = fakeApi(customer(true), routes(items));
    const card = await openCard();
    const table = await within(card).findByRole('table', { name: 'Recent deposits' });
    await within(table).findByText('PENDING');

    items.unshift(deposit(9, { confirmations: 1, amount: '2' }));
    act(() => fake.current?.emit('user', { type: 'chain_deposit', deposit: items[0] }));
    expect(await within(table).findByText('1 / 12')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(calls.filter((call) => call.key === 'POST /wallet/chain-deposits').length).toBeGreaterThan(1);
  });
});
