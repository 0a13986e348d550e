import type { PublicUser } from '@exchange/contracts';
import { vi } from 'vitest';
import { setAccessToken } from '../../../lib/session-token';

/** What a fake route answers: a JSON body and an HTTP status (200 by default). */
export interface FakeAnswer {
  readonly status?: number;
  readonly body: unknown;
}

/** A fake route sees the body, the headers and the URL (its query: page, limit, search). */
export type FakeRoute = (request: { body: unknown; headers: Headers; url: URL }) => FakeAnswer;

export interface RecordedCall {
  readonly key: string;
  readonly body: unknown;
  readonly headers: Headers;
}

export function customer(kyc: boolean): PublicUser {
  return {
    _id: kyc ? 'u-alice' : 'u-bob',
    name: kyc ? 'Alice' : 'Bob',
    email: kyc ? 'alice@example.com' : 'bob@example.com',
    country_code: '971',
    mobile_no: '501234567',
    user_role: 'USER',
    role: 'USER',
    ref_code: 'REF123',
    is_kyc_verified: kyc,
    profile_pic: '',
    status: 'ACTIVE',
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

/** A verified admin as the session answers it (the admin pages' tests sign in as this one). */
export function adminUser(): PublicUser {
  return { ...customer(true), _id: 'u-admin', name: 'Admin', role: 'ADMIN', user_role: 'ADMIN' };
}

/** A route's success answer carrying `data`, as the API wraps every one. */
export const okAnswer = (data: unknown): ReturnType<FakeRoute> => ({
  body: { status: true, message: 'ok', data },
});

/**
 * Signs `user` in and answers the API from `routes`, keyed 'GET /wallet' (path without /api/v1 and
 * without the query). Anything else is a 404, so an unexpected call shows up as an error state.
 * Returns the calls made, in order.
 */
export function fakeApi(user: PublicUser, routes: Record<string, FakeRoute>): RecordedCall[] {
  setAccessToken('token');
  const calls: RecordedCall[] = [];
  const all: Record<string, FakeRoute> = {
    'GET /auth/me': () => ({ body: { status: true, message: 'User details', data: user } }),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}`;
      const headers = new Headers(init?.headers);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body, headers });
      const route = all[key];
      const answer = route
        ? route({ body, headers, url })
        : { status: 404, body: { status: false, message: 'Not found', code: 'not_found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

export const walletFixture = {
  status: true,
  message: 'Wallet',
  data: {
    wallet: {
      currencies: [
        {
          _id: 'USD',
          name: 'US Dollar',
          symbol: 'USD',
          image_url: '/coins/usd.svg',
          balance: '10000.00',
          locked: '0.00',
          currency_type: 'FIAT',
          asset_value: '10000.00',
          asset_value_percent: '40.00',
          interest_earned: '0.00',
        },
        {
          _id: 'BTC',
          name: 'Bitcoin',
          symbol: 'BTC',
          image_url: '/coins/btc.svg',
          balance: '0.5',
          locked: '0.1',
          currency_type: 'CRYPTO',
          asset_value: '15000.00',
          asset_value_percent: '60.00',
          interest_earned: '0.00',
        },
      ],
    },
  },
};

/** A wallet holding 1 ETH and nothing else: the swap, multicoin and P2P screens' tests spend from it. */
export const oneEthWallet = {
  currencies: [
    {
      _id: 'ETH',
      name: 'Ethereum',
      symbol: 'ETH',
      image_url: '/coins/eth.svg',
      balance: '1.00000000',
      locked: '0.00000000',
      currency_type: 'CRYPTO',
      asset_value: '3000.00',
      asset_value_percent: '100.00',
      interest_earned: '0.00',
    },
  ],
};
