import type { AdminUserDetails } from '@exchange/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { adminUser, fakeApi } from '../../wallet/test/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = adminUser();

/** Alice holds 1 ETH, of which 0.25 is locked in a stake: she owns 1.25 ETH worth $3,750. */
const staked: AdminUserDetails['walletData']['wallet'] = {
  currencies: [
    {
      _id: 'ETH',
      name: 'Ethereum',
      symbol: 'ETH',
      image_url: '/coins/eth.svg',
      balance: '1.00000000',
      locked: '0.25000000',
      currency_type: 'CRYPTO',
      asset_value: '3750.00',
      asset_value_percent: '100.00',
      interest_earned: '0.00',
    },
  ],
};

const details: AdminUserDetails = {
  userData: {
    _id: 'u-alice',
    name: 'Alice',
    email: 'alice@example.com',
    country_code: '971',
    mobile_no: '501234567',
    profile_pic: '',
    status: 'ACTIVE',
    role: 'USER',
    is_kyc_verified: true,
    withdrawals_frozen: false,
    withdrawals_frozen_reason: null,
    createdAt: '2026-01-01T10:00:00.000Z',
  },
  referalInfo: { user_earned: '0.00', total_users_used: 0 },
  kycData: [],
  resp: [],
  trasationData: [],
  walletData: { wallet: staked },
};

describe('/admin-profile Assets', () => {
  it("shows a coin's total balance with what stakes and orders hold, as the customer's wallet does", async () => {
    fakeApi(admin, {
      'POST /admin/get-userDetails': () => ({ body: { status: true, message: 'ok', data: details } }),
      'POST /admin/audit-log': () => ({
        body: { status: true, message: 'ok', data: { content: [], total: 0, page: 1, limit: 10 } },
      }),
    });
    // The user's own URL: it opens after a reload or in a new tab, with no navigation state.
    renderApp('/admin-profile/u-alice');
    const assets = await screen.findByRole('table', { name: 'Assets' }, { timeout: 15_000 });
    const eth = within(assets).getByText('Ethereum (ETH)').closest('tr') as HTMLElement;
    expect(within(eth).getByText('1.2500')).toBeInTheDocument();
    expect(within(eth).getByText('$3,750.0000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Balances' }));
    const balances = await screen.findByRole('table', { name: 'Balances' });
    const held = within(balances).getByText('Ethereum (ETH)').closest('tr') as HTMLElement;
    expect(
      within(held)
        .getAllByText(/\d/)
        .map((cell) => cell.textContent),
    ).toEqual(['1.0000', '0.2500', '1.2500']);
  }, 20_000);
});

describe('/admin-profile Sessions', () => {
  const session = {
    _id: 's-1',
    createdAt: '2026-01-02T10:00:00.000Z',
    title: 'Chrome on Windows',
    amount: null,
    status: 'PASSWORD',
    detail: '127.0.0.0/24 · last used 2026-01-02 10:00 UTC',
    revocable: true,
  };
  const open = async (userId: string) => {
    fakeApi(admin, {
      'POST /admin/get-userDetails': () => ({
        body: {
          status: true,
          message: 'ok',
          data: { ...details, userData: { ...details.userData, _id: userId } },
        },
      }),
      'POST /admin/user-records': () => ({
        body: { status: true, message: 'ok', data: { content: [session], total: 1, page: 1, limit: 10 } },
      }),
    });
    renderApp(`/admin-profile/${userId}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Sessions' }, { timeout: 15_000 }));
    return screen.findByRole('table', { name: 'Sessions' });
  };

  it("offers End session and End all sessions on a customer's page", async () => {
    const table = await open('u-alice');
    expect(
      await within(table).findByRole('button', { name: 'End session Chrome on Windows' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End all sessions' })).toBeInTheDocument();
  }, 20_000);

  it("lists the admin's own sessions without ending them, and says where they end", async () => {
    const table = await open('u-admin');
    expect(await within(table).findByText('Chrome on Windows')).toBeInTheDocument();
    expect(screen.getByText('End your own sessions on your Security page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^End session/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull();
  }, 20_000);
});
