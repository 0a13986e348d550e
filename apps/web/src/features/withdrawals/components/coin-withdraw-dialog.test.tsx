import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { networksAnswer } from '../../chain-deposits/test/fixtures';
import { customer, fakeApi, oneEthWallet, walletFixture } from '../../wallet/test/fake-api';
import {
  BAD_CHECKSUM,
  bookEntry,
  coinWithdrawal,
  ethTerms,
  GOOD_ADDRESS,
  page,
} from '../test/coin-withdrawal-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const wallet = {
  status: true,
  message: 'Wallet',
  data: { wallet: { currencies: [...walletFixture.data.wallet.currencies, ...oneEthWallet.currencies] } },
};

async function openEthDialog() {
  const user = userEvent.setup();
  renderApp('/deposit');
  await user.click(await screen.findByRole('button', { name: 'Withdraw ETH' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw ETH' });
  return { user, dialog };
}

describe('Wallet → Withdraw a coin', () => {
  it('checks the checksum as typed, shows the network fee and what arrives, then sends, confirms and saves to the book', async () => {
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: wallet }),
      'GET /wallet/deposit-networks': networksAnswer,
      'GET /withdrawals/terms': () => ({
        body: { status: true, message: 'Withdrawal terms', data: ethTerms },
      }),
      'GET /withdrawals/addresses': () => ({ body: page([]) }),
      'POST /withdrawals': () => ({
        body: { status: true, message: 'We e-mailed you a code', data: coinWithdrawal('REQUESTED') },
      }),
      'POST /withdrawals/confirm': () => ({
        body: {
          status: true,
          message: 'Withdrawal confirmed: it is waiting for approval',
          data: coinWithdrawal('PENDING_APPROVAL'),
        },
      }),
      'POST /withdrawals/addresses': () => ({
        body: { status: true, message: 'Saved', data: bookEntry('Cold wallet', '2026-11-28T10:00:00.000Z') },
      }),
    });
    const { user, dialog } = await openEthDialog();
    const address = await within(dialog).findByLabelText('Address');
    await user.type(address, BAD_CHECKSUM);
    // The wrong checksum is said while typing, before anything is sent.
    expect(await within(dialog).findByText(/wrong checksum/)).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, GOOD_ADDRESS.toLowerCase());
    expect(await within(dialog).findByText(`Checksum matches: ${GOOD_ADDRESS}`)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Save to address book'));
    await user.type(within(dialog).getByLabelText('Label'), 'Cold wallet');
    expect(within(dialog).getByText(/used for withdrawals 24 hours after you add it/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('2.50000000');
    expect(within(dialog).getByText('Network fee')).toBeInTheDocument();
    expect(within(dialog).getByTestId('coin-withdraw-receive')).toHaveTextContent('2.49900000 ETH');
    await user.type(within(dialog).getByLabelText('Two-factor code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(dialog).findByLabelText('Code from the e-mail'), '654321');
    expect(within(dialog).getByText(/alice@example.com/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('waiting for approval');
    await user.type(within(dialog).getByLabelText('Two-factor code'), '234567');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /withdrawals/addresses')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /withdrawals')?.body).toEqual({
      asset: 'ETH',
      chain: 'ethereum',
      amount: '2.50000000',
      totp: '123456',
      address: GOOD_ADDRESS,
    });
    expect(calls.find((c) => c.key === 'POST /withdrawals/addresses')?.body).toEqual({
      chain: 'ethereum',
      address: GOOD_ADDRESS,
      label: 'Cold wallet',
      totp: '234567',
    });
    expect(toast.success).toHaveBeenCalledWith(
      expect.stringMatching(/^Address saved: usable for withdrawals from/),
    );
  });

  it('sends to a book entry by its id; an entry in its cool-down cannot be picked', async () => {
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: wallet }),
      'GET /wallet/deposit-networks': networksAnswer,
      'GET /withdrawals/terms': () => ({
        body: { status: true, message: 'Withdrawal terms', data: ethTerms },
      }),
      'GET /withdrawals/addresses': () => ({
        body: page([
          bookEntry('Ledger', '2026-01-01T00:00:00.000Z'),
          bookEntry('New one', '2999-01-01T00:00:00.000Z', '44444444-4444-4444-8444-444444444444'),
        ]),
      }),
      'POST /withdrawals': () => ({
        body: { status: true, message: 'We e-mailed you a code', data: coinWithdrawal('REQUESTED') },
      }),
    });
    const { user, dialog } = await openEthDialog();
    await user.selectOptions(await within(dialog).findByLabelText('Send to'), 'book');
    const entry = await within(dialog).findByLabelText('Address book entry');
    expect(within(entry).getByRole('option', { name: 'Ledger · 0x5aAe…eAed' })).not.toBeDisabled();
    expect(within(entry).getByRole('option', { name: /^New one: usable from/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(entry).toHaveAttribute('aria-invalid', 'true'));
    expect(entry).toHaveAccessibleDescription('Choose an address from your address book');
    await user.selectOptions(entry, '33333333-3333-4333-8333-333333333333');
    await user.type(within(dialog).getByLabelText('Amount'), '0.5');
    await user.type(within(dialog).getByLabelText('Two-factor code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByLabelText('Code from the e-mail');
    expect(calls.find((c) => c.key === 'POST /withdrawals')?.body).toEqual({
      asset: 'ETH',
      chain: 'ethereum',
      amount: '0.5',
      totp: '123456',
      address_id: '33333333-3333-4333-8333-333333333333',
    });
  });

  it('offers only the coins that can leave, names the others once, and keeps Coming Soon for one the server will not let leave', async () => {
    fakeApi(customer(true), {
      'GET /wallet': () => ({ body: wallet }),
      'GET /wallet/deposit-networks': networksAnswer,
      'GET /withdrawals/terms': ({ url }) =>
        url.searchParams.get('asset') === 'ETH'
          ? { body: { status: true, message: 'Withdrawal terms', data: ethTerms } }
          : {
              status: 422,
              body: {
                status: false,
                code: 'unprocessable',
                message: 'Withdrawals of this coin are Coming Soon ...',
              },
            },
      'GET /withdrawals/addresses': () => ({ body: page([]) }),
    });
    const user = userEvent.setup();
    renderApp('/deposit');
    const table = await screen.findByRole('table', { name: 'Crypto assets' }, { timeout: 15_000 });
    await user.click(await within(table).findByRole('button', { name: 'Withdraw ETH' }));
    // No row says 'Coming Soon ...': the coins that cannot leave are named once, under the table.
    expect(within(table).queryByRole('button', { name: /Withdraw BTC/ })).not.toBeInTheDocument();
    expect(within(table).queryByText('Coming Soon ...')).not.toBeInTheDocument();
    expect(screen.getByTestId('coins-not-withdrawable')).toHaveTextContent(
      'BTC, BNB, USDC, XRP, ADA, MATIC, DOT, BUSD, LTC, and MULTI cannot be withdrawn here yet.',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw ETH' });
    const coin = within(dialog).getByLabelText('Coin');
    await waitFor(() =>
      expect(
        within(coin)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Ethereum (ETH)', 'Tether (USDT)']),
    );
    expect(
      within(dialog).getByText(
        'BTC, BNB, USDC, XRP, ADA, MATIC, DOT, BUSD, LTC, and MULTI cannot be withdrawn here yet.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(coin, 'USDT');
    expect(
      await within(dialog).findByText('Withdrawals of this coin are Coming Soon ...'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Coming Soon ...' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Amount')).not.toBeInTheDocument();
  });

  it('makes the customer pick the network when the coin leaves on several, and asks the terms of the one picked', async () => {
    const asked: string[] = [];
    const usdtTerms = (chain: string) => ({
      ...ethTerms,
      asset: 'USDT',
      chain: {
        key: chain,
        name: chain === 'bsc' ? 'BNB Smart Chain (BEP-20)' : 'Ethereum (ERC-20)',
        explorer_url: null,
      },
      chains: [
        { key: 'ethereum', name: 'Ethereum (ERC-20)', explorer_url: null },
        { key: 'bsc', name: 'BNB Smart Chain (BEP-20)', explorer_url: null },
      ],
      fee: chain === 'bsc' ? '0.50000000' : '5.00000000',
    });
    fakeApi(customer(true), {
      'GET /wallet': () => ({ body: wallet }),
      'GET /wallet/deposit-networks': networksAnswer,
      'GET /withdrawals/terms': ({ url }) => {
        const chain = url.searchParams.get('chain') ?? '';
        asked.push(`${url.searchParams.get('asset')}:${chain}`);
        const data = url.searchParams.get('asset') === 'USDT' ? usdtTerms(chain || 'ethereum') : ethTerms;
        return { body: { status: true, message: 'Withdrawal terms', data } };
      },
      'GET /withdrawals/addresses': () => ({ body: page([]) }),
    });
    const { user, dialog } = await openEthDialog();
    expect(within(dialog).queryByLabelText('Network')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Coin'), 'USDT');
    const network = await within(dialog).findByLabelText('Network');
    // None is picked for the customer: no form until they choose the network of their address.
    expect(network).toHaveValue('');
    expect(within(dialog).getByTestId('withdraw-choose-network')).toHaveTextContent(
      'USDT leaves on 2 networks. Choose the network of the address you send to.',
    );
    expect(within(dialog).queryByLabelText('Amount')).not.toBeInTheDocument();
    await user.selectOptions(network, 'ethereum');
    expect(await within(dialog).findByText('5.00000000 USDT')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Network'), 'bsc');
    expect(await within(dialog).findByText('0.50000000 USDT')).toBeInTheDocument();
    expect(asked).toEqual(['ETH:', 'USDT:', 'USDT:ethereum', 'USDT:bsc']);
    expect(within(dialog).getByText(/An address on BNB Smart Chain \(BEP-20\) only/)).toBeInTheDocument();
  });

  it("refuses more decimals than the chain counts (USDT: 6), in the domain rule's words, before sending", async () => {
    const usdt = { ...ethTerms, asset: 'USDT', minimum: '1.00000000', fee: '0.50000000', precision: 6 };
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: wallet }),
      'GET /wallet/deposit-networks': networksAnswer,
      'GET /withdrawals/terms': ({ url }) => ({
        body: {
          status: true,
          message: 'Withdrawal terms',
          data: url.searchParams.get('asset') === 'USDT' ? usdt : ethTerms,
        },
      }),
      'GET /withdrawals/addresses': () => ({ body: page([]) }),
    });
    const { user, dialog } = await openEthDialog();
    await user.selectOptions(within(dialog).getByLabelText('Coin'), 'USDT');
    expect(await within(dialog).findByText('0.50000000 USDT')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Address'), GOOD_ADDRESS);
    await user.type(within(dialog).getByLabelText('Amount'), '1.1234567');
    await user.type(within(dialog).getByLabelText('Two-factor code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Amount can have at most 6 decimal places')).toBeInTheDocument();
    expect(within(dialog).getByTestId('coin-withdraw-receive')).toHaveTextContent('0.00000000 USDT');
    expect(calls.some((call) => call.key === 'POST /withdrawals')).toBe(false);
  });
});
