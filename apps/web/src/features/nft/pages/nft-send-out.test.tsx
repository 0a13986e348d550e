import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, fakeApi } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const ID = '11111111-1111-4111-8111-111111111111';
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const minted = {
  _id: ID,
  name: 'Blue Ape',
  image: '/api/v1/nft/image/x.png',
  price: '0.50000000',
  coin: 'ETH',
  status: 'ACTIVE',
  listed: false,
  owner: 'Alice Smith',
  is_mine: true,
  chain_state: 'MINTED',
  createdAt: '2026-01-01T00:00:00.000Z',
  description: 'A very blue ape.',
  history: [],
  token: {
    chain: 'ethereum',
    contract: CONTRACT,
    token_id: '7',
    explorer_url: `https://explorer.example/token/${CONTRACT}?a=7`,
  },
  sent_to: null,
};
const detail = (data: object) => () => ({ body: { status: true, message: 'NFT details', data } });

describe('/nft-details on the chain', () => {
  it('shows "Minting…" before the token exists, and the token with its explorer link once minted', async () => {
    fakeApi(customer(true), {
      'POST /nftDetailById': detail({
        ...minted,
        is_mine: false,
        owner: 'Alice S.',
        chain_state: 'MINTING',
        token: null,
      }),
    });
    renderApp(`/nft-details?id=${ID}`);
    expect(await screen.findByTestId('nft-token', {}, { timeout: 15_000 })).toHaveTextContent('Minting…');
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent(/^Alice S\.$/);
    expect(screen.queryByRole('button', { name: 'Withdraw to my wallet' })).toBeNull();
  });

  it('sends the owner’s token to a checksummed address after the code and a confirmation', async () => {
    const calls = fakeApi(customer(true), {
      'POST /nftDetailById': detail(minted),
      'POST /nft/sendToWallet': () => ({
        body: {
          status: true,
          message: 'Your NFT is on its way to your wallet',
          data: { ...minted, chain_state: 'SENDING' },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(`/nft-details?id=${ID}`);
    const link = await screen.findByRole('link', { name: /#7/ }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', `https://explorer.example/token/${CONTRACT}?a=7`);
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent(/^You$/);
    await user.click(screen.getByRole('button', { name: 'Withdraw to my wallet' }));
    const dialog = await screen.findByRole('dialog');
    // A mixed-case address with a wrong checksum is refused before anything is sent.
    await user.type(
      within(dialog).getByLabelText('Your wallet address'),
      '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/wrong checksum/)).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Your wallet address'));
    await user.type(
      within(dialog).getByLabelText('Your wallet address'),
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    );
    await user.type(within(dialog).getByLabelText('Two-factor code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send Blue Ape to this address?' });
    expect(within(confirm).getByTestId('nft-send-address')).toHaveTextContent(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw to my wallet' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your NFT is on its way to your wallet'));
    expect(calls.find((c) => c.key === 'POST /nft/sendToWallet')?.body).toEqual({
      id: ID,
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      totp: '123456',
    });
  });

  it("shows the withdrawal controls' refusals (cool-down, new address, daily limit, deposit hold) in the dialog", async () => {
    const refusals = [
      [
        403,
        'security_cool_down',
        'For your safety, withdrawals are paused until 2026-01-02 10:00 UTC after a change to your password or two-factor authentication',
      ],
      [
        422,
        'unprocessable',
        'This address is new to your account: add it to your address book first, and send to it once its safety wait ends',
      ],
      [
        422,
        'daily_limit',
        'This is over your daily withdrawal limit: you can withdraw 40.00 USD worth more today',
      ],
      [
        422,
        'deposit_on_hold',
        'Funds from a deposit made in the last 3 days cannot leave the exchange yet. You can send up to 0.00 USD worth now.',
      ],
    ] as const;
    let next = 0;
    fakeApi(customer(true), {
      'POST /nftDetailById': detail(minted),
      'POST /nft/sendToWallet': () => {
        const [status, code, message] = refusals[next++]!;
        return { status, body: { status: false, code, message } };
      },
    });
    const user = userEvent.setup();
    renderApp(`/nft-details?id=${ID}`);
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw to my wallet' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByLabelText('Your wallet address'),
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    );
    await user.type(within(dialog).getByLabelText('Two-factor code'), '123456');
    for (const [, , message] of refusals) {
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      const confirm = await screen.findByRole('dialog', { name: 'Send Blue Ape to this address?' });
      await user.click(within(confirm).getByRole('button', { name: 'Withdraw to my wallet' }));
      expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent(message);
    }
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows where a withdrawn token went, and offers no withdrawal', async () => {
    fakeApi(customer(true), {
      'POST /nftDetailById': detail({
        ...minted,
        chain_state: 'WITHDRAWN',
        sent_to: {
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          tx_hash: '0xabc',
          explorer_url: null,
        },
      }),
    });
    renderApp(`/nft-details?id=${ID}`);
    expect(await screen.findByText('Withdrawn to 0x5aAe…eAed', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Withdraw to my wallet' })).toBeNull();
  });
});
