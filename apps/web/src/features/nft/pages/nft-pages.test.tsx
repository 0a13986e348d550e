import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { customer, type FakeAnswer, fakeApi, oneEthWallet } from '../../wallet/test/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const ID = '11111111-1111-4111-8111-111111111111';
const card = {
  _id: ID,
  name: 'Blue Ape',
  image: '/api/v1/nft/image/x.png',
  price: '0.50000000',
  coin: 'ETH',
  status: 'ACTIVE',
  listed: true,
  owner: null,
  is_mine: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const detail = {
  ...card,
  description: 'A very blue ape.',
  history: [{ price: '0.25000000', coin: 'ETH', createdAt: '2026-01-02T00:00:00.000Z' }],
  token: null,
};
const page = (content: unknown[]) => ({
  body: { status: true, message: 'NFT list', data: { content, total: content.length, page: 1, limit: 12 } },
});

describe('/nft-marketplace', () => {
  it('shows the grid with image, name and price, and searches on the server', async () => {
    const calls = fakeApi(customer(true), { 'POST /users/getAllNftMarketPlace': () => page([card]) });
    const user = userEvent.setup();
    renderApp('/nft-marketplace');
    const grid = await screen.findByRole('list', { name: 'NFT Marketplace' }, { timeout: 15_000 });
    expect(within(grid).getByRole('img', { name: 'Blue Ape' })).toBeVisible();
    expect(within(grid).getByText('0.50000000 ETH')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search NFTs' }), 'ape');
    await waitFor(() =>
      expect(calls.some((c) => (c.body as { search?: string } | undefined)?.search === 'ape')).toBe(true),
    );
  });

  it('says so when nothing is for sale, and offers a retry when the list fails', async () => {
    let fail = true;
    fakeApi(customer(true), {
      'POST /users/getAllNftMarketPlace': (): FakeAnswer =>
        fail
          ? { status: 500, body: { status: false, message: 'Server error! Please try again.' } }
          : page([]),
    });
    const user = userEvent.setup();
    renderApp('/nft-marketplace');
    const retry = await screen.findByRole('button', { name: /try again/i }, { timeout: 15_000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No NFTs found')).toBeVisible();
  });
});

describe('/nft-details', () => {
  it('buys after a confirmation showing the price and the balance, with the confirmed price', async () => {
    const calls = fakeApi(customer(true), {
      'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet: oneEthWallet } } }),
      'POST /nftDetailById': () => ({ body: { status: true, message: 'NFT details', data: detail } }),
      'POST /nft/buy': () => ({
        body: {
          status: true,
          message: 'You bought this NFT',
          data: { item: { ...detail, is_mine: true, listed: false }, wallet: oneEthWallet },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(`/nft-details?id=${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blue Ape' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByText('A very blue ape.')).toBeVisible();
    // The house owns an item nobody has bought yet: the owner reads 'Exchange'.
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent(/^Exchange$/);
    expect(screen.getByRole('cell', { name: '0.25000000 ETH' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Buy Blue Ape for 0.50000000 ETH?')).toBeVisible();
    expect(await within(dialog).findByText('Your balance: 1.00000000 ETH')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('You bought this NFT'));
    const buy = calls.find((c) => c.key === 'POST /nft/buy');
    expect(buy?.body).toEqual({ id: ID, price: '0.50000000' });
    expect(buy?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('tells the buyer who lost the race that it is sold', async () => {
    fakeApi(customer(true), {
      'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet: oneEthWallet } } }),
      'POST /nftDetailById': () => ({ body: { status: true, message: 'NFT details', data: detail } }),
      'POST /nft/buy': () => ({
        status: 409,
        body: {
          status: false,
          message: 'This NFT has just been sold or is no longer for sale',
          code: 'conflict',
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(`/nft-details?id=${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Buy' }, { timeout: 15_000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Buy' }));
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith('This NFT has just been sold or is no longer for sale'),
    );
  });

  it('says once that a hidden NFT is not available, with no retry and the way back to the marketplace', async () => {
    fakeApi(customer(true), {
      'POST /nftDetailById': () => ({
        status: 404,
        body: { status: false, message: 'This NFT is not available', code: 'not_found' },
      }),
      'POST /users/getAllNftMarketPlace': () => page([card]),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/nft-details?id=${ID}`);
    expect(await screen.findByText('This NFT is not available', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.getAllByText('This NFT is not available')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to NFT Marketplace' }));
    expect(router.state.location.pathname).toBe('/nft-marketplace');
    expect(await screen.findByRole('list', { name: 'NFT Marketplace' })).toBeVisible();
  });

  it('offers a retry when the details fail to load for a reason that may pass', async () => {
    let fail = true;
    fakeApi(customer(true), {
      'GET /wallet': () => ({ body: { status: true, message: 'Wallet', data: { wallet: oneEthWallet } } }),
      'POST /nftDetailById': (): FakeAnswer =>
        fail
          ? { status: 500, body: { status: false, message: 'Server error! Please try again.' } }
          : { body: { status: true, message: 'NFT details', data: detail } },
    });
    const user = userEvent.setup();
    renderApp(`/nft-details?id=${ID}`);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
    expect(screen.queryByText('This NFT is not available')).toBeNull();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Ape' })).toBeVisible();
  });
});
