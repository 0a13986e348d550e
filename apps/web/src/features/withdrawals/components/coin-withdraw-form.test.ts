import type { WithdrawalTerms } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { amountProblem, receiveOf } from '../withdrawal-rules';
import {
  checksummedAddress,
  coinWithdrawSchema,
  EMPTY_COIN_WITHDRAW_FORM,
  liveAddressProblem,
} from './coin-withdraw-form';

const terms: WithdrawalTerms = {
  asset: 'ETH',
  method: 'chain',
  destination: '',
  chain: { key: 'ethereum', name: 'Ethereum', explorer_url: null },
  chains: [{ key: 'ethereum', name: 'Ethereum', explorer_url: null }],
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

const GOOD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD_CHECKSUM = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('coin withdraw form rules', () => {
  it('says a wrong checksum while typing, but not an address still being typed', () => {
    expect(liveAddressProblem('0x5aAeb60')).toBeNull();
    expect(liveAddressProblem(GOOD)).toBeNull();
    expect(liveAddressProblem(BAD_CHECKSUM)).toMatch(/wrong checksum/);
    expect(liveAddressProblem(`0x${'0'.repeat(40)}`)).toMatch(/zero address/);
    expect(checksummedAddress(GOOD.toLowerCase())).toBe(GOOD);
  });

  it('checks the amount with the domain rule and shows what arrives', () => {
    expect(amountProblem(terms, '')).toBe('Please enter withdrawal amount');
    expect(amountProblem(terms, '0.005')).toBe('The smallest withdrawal is 0.01000000 ETH');
    expect(amountProblem(terms, '0.000000001')).toBe('Amount can have at most 8 decimal places');
    expect(amountProblem(terms, '1')).toBeNull();
    expect(receiveOf(terms, '1')).toBe('0.99900000');
    expect(receiveOf(terms, 'x')).toBe('0.00000000');
  });

  it('asks for an address, a label when saving, a book entry when picking from the book, and the code', () => {
    const schema = coinWithdrawSchema(terms);
    const paths = (form: object) => {
      const parsed = schema.safeParse({ ...EMPTY_COIN_WITHDRAW_FORM, ...form });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(paths({ address: BAD_CHECKSUM, save: true, amount: '1', totp: '123456' })).toEqual([
      'address',
      'label',
    ]);
    expect(paths({ destination: 'book', amount: '1', totp: '12' })).toEqual(['address_id', 'totp']);
    expect(paths({ address: GOOD, amount: '1', totp: '123456' })).toEqual([]);
  });
});

describe('a Bitcoin-family chain (issue 47)', () => {
  // BIP-173's P2WPKH program written under Litecoin's regtest part.
  const ltc = 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7k693xs3';
  const ltcTerms: WithdrawalTerms = {
    ...terms,
    asset: 'LTC',
    chain: { key: 'litecoin', name: 'Litecoin', explorer_url: null, address_prefix: 'rltc' },
    chains: [{ key: 'litecoin', name: 'Litecoin', explorer_url: null, address_prefix: 'rltc' }],
  };

  it('reads a bech32 address under the chain prefix and refuses an EVM or another network one', () => {
    expect(checksummedAddress(ltc, 'rltc')).toBe(ltc);
    expect(checksummedAddress(ltc.toUpperCase(), 'rltc')).toBe(ltc);
    expect(checksummedAddress(ltc, null)).toBeNull();
    expect(checksummedAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'rltc')).toBeNull();
    expect(liveAddressProblem('rltc1qw508', 'rltc')).toBeNull();
    const parsed = coinWithdrawSchema(ltcTerms).safeParse({
      ...EMPTY_COIN_WITHDRAW_FORM,
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      amount: '0.5',
      totp: '123456',
    });
    expect(parsed.success).toBe(false);
  });
});
