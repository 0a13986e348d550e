import type { WithdrawalAddress, WithdrawalItem, WithdrawalTerms } from '@exchange/contracts';

/** A checksummed address (EIP-55's own example) and the same with one letter's case flipped. */
export const GOOD_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const BAD_CHECKSUM = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export const ethTerms: WithdrawalTerms = {
  asset: 'ETH',
  method: 'chain',
  destination: '',
  chain: { key: 'ethereum', name: 'Ethereum', explorer_url: 'https://explorer.test' },
  chains: [{ key: 'ethereum', name: 'Ethereum', explorer_url: 'https://explorer.test' }],
  address_cool_down_hours: 24,
  minimum: '0.01000000',
  fee: '0.00100000',
  precision: 8,
  available: '2.50000000',
  two_factor_on: true,
  paused_until: null,
  daily_left_usd: null,
  code_ttl_minutes: 15,
};

export function coinWithdrawal(
  status: WithdrawalItem['status'],
  extra: Partial<WithdrawalItem> = {},
): WithdrawalItem {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    asset: 'ETH',
    method: 'chain',
    destination: GOOD_ADDRESS,
    amount: '2.50000000',
    fee: '0.00100000',
    receive: '2.49900000',
    status,
    reason: null,
    reference: null,
    chain: 'ethereum',
    tx_hash: null,
    explorer_url: null,
    label: null,
    createdAt: '2026-11-27T08:00:00.000Z',
    updatedAt: '2026-11-27T08:00:00.000Z',
    ...extra,
  };
}

export function bookEntry(
  label: string,
  usableAt: string,
  id = '33333333-3333-4333-8333-333333333333',
): WithdrawalAddress {
  return {
    _id: id,
    chain: 'ethereum',
    address: GOOD_ADDRESS,
    label,
    createdAt: '2026-11-25T08:00:00.000Z',
    usable_at: usableAt,
  };
}

export function page<T>(rows: readonly T[]) {
  return { status: true, message: 'List', data: { content: rows, total: rows.length, page: 1, limit: 20 } };
}
