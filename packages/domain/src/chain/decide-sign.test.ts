import { describe, expect, it } from 'vitest';
import { decideSign } from './decide-sign';
import type { SignAsk, SignFacts, SignOutboxRow, SignRecord } from './sign-facts';

const HOT = '0x1111111111111111111111111111111111111111';
const DEPOSIT = '0x2222222222222222222222222222222222222222';
const CUSTOMER = '0x3333333333333333333333333333333333333333';
const USDT = '0x4444444444444444444444444444444444444444';
const NFT = '0x5555555555555555555555555555555555555555';
const gwei = 1_000_000_000n;
const eth = 10n ** 18n;

const chain = {
  chainId: 31337,
  hotAddress: HOT,
  tokens: [
    { asset: 'ETH', contract: null, decimals: 18, scale: 8 },
    { asset: 'USDT', contract: USDT, decimals: 6, scale: 6 },
  ],
  nftContract: NFT,
};

// 0.2 ETH less a 0.002 ETH fee, in minor units (8 places): 0.198 ETH leaves.
const withdrawal: SignRecord = {
  kind: 'withdrawal',
  status: 'SENT',
  method: 'chain',
  chain: 'ethereum',
  asset: 'ETH',
  destination: CUSTOMER,
  amount: 20_000_000n,
  fee: 200_000n,
};
const sent = (198n * eth) / 1000n;

const row: SignOutboxRow = {
  chain: 'ethereum',
  purpose: 'WITHDRAWAL',
  reference: 'w-1',
  fromKey: 'hot',
  fromAddress: HOT,
  toAddress: CUSTOMER,
  value: sent,
  data: null,
  status: 'QUEUED',
  nonce: null,
};

const facts: SignFacts = {
  row,
  chain,
  keyAddress: HOT,
  call: { fn: 'none' },
  record: withdrawal,
  caps: {
    ETH: { perTransaction: 50n * eth, perDay: 60n * eth },
    USDT: { perTransaction: 10n ** 11n, perDay: 10n ** 11n },
  },
  sentToday: {},
  countedToday: false,
  signedNonce: null,
  cancelsSigned: 0,
  maxCancels: 10,
  maxFeeWei: eth / 10n,
};

const ask: SignAsk = {
  kind: 'transaction',
  key: 'hot',
  chainId: 31337,
  nonce: 7,
  to: CUSTOMER,
  value: sent,
  data: null,
  gas: 21_000n,
  maxFeePerGas: 2n * gwei,
  maxPriorityFeePerGas: gwei,
};

const code = (a: SignAsk, f: SignFacts) => {
  const decided = decideSign(a, f);
  return decided.ok ? 'ok' : decided.code;
};

describe('deciding what the signer signs', () => {
  it("signs an approved withdrawal's outbox row and counts what leaves the hot wallet", () => {
    expect(decideSign(ask, facts)).toEqual({ ok: true, value: { asset: 'ETH', amount: sent } });
    // Addresses compare without their checksum's case.
    expect(code({ ...ask, to: CUSTOMER.toUpperCase().replace('0X', '0x') }, facts)).toBe('ok');
  });

  it("refuses an unknown row, an unknown chain, another chain id and a key that is not the row's", () => {
    expect(code(ask, { ...facts, row: null })).toBe('unknown_row');
    expect(code(ask, { ...facts, chain: null })).toBe('unknown_chain');
    expect(code({ ...ask, chainId: 1 }, facts)).toBe('wrong_chain_id');
    expect(code({ ...ask, key: 'deposit:0' }, facts)).toBe('wrong_key');
    expect(code(ask, { ...facts, keyAddress: DEPOSIT })).toBe('wrong_key');
  });

  it('refuses fees above the cap, and a tip above the fee', () => {
    expect(code({ ...ask, maxFeePerGas: eth }, facts)).toBe('fee_above_cap');
    expect(code({ ...ask, maxPriorityFeePerGas: 3n * gwei }, facts)).toBe('fee_above_cap');
    expect(code({ ...ask, gas: 0n }, facts)).toBe('fee_above_cap');
  });

  it('refuses a transaction that is not the row: another address, value or call data', () => {
    expect(code({ ...ask, to: DEPOSIT }, facts)).toBe('transaction_differs');
    expect(code({ ...ask, value: sent + 1n }, facts)).toBe('transaction_differs');
    expect(code({ ...ask, data: '0xdeadbeef' }, facts)).toBe('transaction_differs');
  });

  it('refuses a row already ended, and a replacement with another nonce', () => {
    expect(code(ask, { ...facts, row: { ...row, status: 'CONFIRMED', nonce: 7 } })).toBe('row_not_open');
    expect(code(ask, { ...facts, row: { ...row, status: 'FAILED' } })).toBe('row_not_open');
    expect(code(ask, { ...facts, row: { ...row, status: 'BROADCAST', nonce: 7 } })).toBe('ok');
    expect(code(ask, { ...facts, row: { ...row, status: 'BROADCAST', nonce: 6 } })).toBe('nonce_differs');
  });

  it('refuses a withdrawal that is not being sent, or whose row is not what it asks for', () => {
    for (const status of ['REQUESTED', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'COMPLETED', 'FAILED'])
      expect(code(ask, { ...facts, record: { ...withdrawal, status } })).toBe('record_not_approved');
    expect(code(ask, { ...facts, record: null })).toBe('no_record');
    const otherRow = { ...row, toAddress: DEPOSIT };
    expect(code({ ...ask, to: DEPOSIT }, { ...facts, row: otherRow })).toBe('record_differs');
    const more = { ...row, value: sent + 1n };
    expect(code({ ...ask, value: sent + 1n }, { ...facts, row: more })).toBe('record_differs');
    expect(code(ask, { ...facts, record: { ...withdrawal, chain: 'bsc' } })).toBe('record_differs');
    expect(code(ask, { ...facts, record: { ...withdrawal, method: 'paypal' } })).toBe('record_differs');
    expect(code(ask, { ...facts, record: { ...withdrawal, asset: 'BTC' } })).toBe('record_differs');
    expect(code(ask, { ...facts, row: { ...row, purpose: 'AIRDROP' } })).toBe('unknown_purpose');
  });

  it('checks a token withdrawal by its decoded transfer', () => {
    const usdt: SignRecord = { ...withdrawal, asset: 'USDT', amount: 12_000_000n, fee: 2_000_000n };
    const tokenRow = { ...row, toAddress: USDT, value: 0n, data: '0xa9059cbb' };
    const tokenAsk = { ...ask, to: USDT, value: 0n, data: '0xa9059cbb', gas: 60_000n };
    const tokenFacts = { ...facts, row: tokenRow, record: usdt };
    const call = { fn: 'transfer', to: CUSTOMER, amount: 10_000_000n } as const;
    expect(decideSign(tokenAsk, { ...tokenFacts, call })).toEqual({
      ok: true,
      value: { asset: 'USDT', amount: 10_000_000n },
    });
    expect(code(tokenAsk, { ...tokenFacts, call: { ...call, to: DEPOSIT } })).toBe('record_differs');
    expect(code(tokenAsk, { ...tokenFacts, call: { ...call, amount: 10_000_001n } })).toBe('record_differs');
    expect(code(tokenAsk, { ...tokenFacts, call: { fn: 'unknown' } })).toBe('record_differs');
  });

  it("refuses what is above the hot wallet's per-transaction or per-day cap, and a coin with no cap", () => {
    const caps = { ETH: { perTransaction: sent - 1n, perDay: 60n * eth } };
    expect(code(ask, { ...facts, caps })).toBe('above_transaction_cap');
    expect(code(ask, { ...facts, sentToday: { ETH: 60n * eth - sent } })).toBe('ok');
    expect(code(ask, { ...facts, sentToday: { ETH: 60n * eth - sent + 1n } })).toBe('above_daily_cap');
    expect(code(ask, { ...facts, caps: {} })).toBe('no_cap');
  });

  it('signs a row at one nonce only: the one its first signature recorded', () => {
    // The web process asks for the same QUEUED row again at the next nonce: a second payment.
    expect(code({ ...ask, nonce: 8 }, { ...facts, signedNonce: 7 })).toBe('nonce_differs');
    // A fee replacement at the recorded nonce is the same payment.
    const bumped = { ...ask, maxFeePerGas: 3n * gwei };
    const out = { ...row, status: 'BROADCAST', nonce: 7 };
    expect(code(bumped, { ...facts, row: out, signedNonce: 7 })).toBe('ok');
    // The outbox's nonce rewritten, and a 'replacement' asked at it.
    const rewritten = { ...row, status: 'BROADCAST', nonce: 9 };
    expect(code({ ...ask, nonce: 9 }, { ...facts, row: rewritten, signedNonce: 7 })).toBe('nonce_differs');
  });

  it('counts a replacement at the same nonce once in the day', () => {
    const full = { ETH: 60n * eth };
    const out = { ...row, status: 'BROADCAST', nonce: 7 };
    // The day's total already holds this row's first signature.
    expect(code(ask, { ...facts, row: out, signedNonce: 7, sentToday: full, countedToday: true })).toBe('ok');
    expect(code(ask, { ...facts, sentToday: full })).toBe('above_daily_cap');
  });

  it('signs a cancel only at the nonce the row was signed with, and only so many', () => {
    const out = { ...row, status: 'BROADCAST', nonce: 8 };
    const cancel: SignAsk = { ...ask, kind: 'cancel', to: HOT, value: 0n, data: null, nonce: 8 };
    expect(code(cancel, { ...facts, row: out, signedNonce: 7 })).toBe('cancel_differs');
    expect(code(cancel, { ...facts, row: out, signedNonce: null })).toBe('cancel_differs');
    expect(code(cancel, { ...facts, row: out, signedNonce: 8, cancelsSigned: 9 })).toBe('ok');
    expect(code(cancel, { ...facts, row: out, signedNonce: 8, cancelsSigned: 10 })).toBe('too_many_cancels');
  });

  it('signs a cancel only as a zero-value send to itself with the nonce of a row still out', () => {
    const out = { ...row, status: 'BROADCAST', nonce: 7 };
    const cancel: SignAsk = { ...ask, kind: 'cancel', to: HOT, value: 0n, data: null };
    const signed = { ...facts, signedNonce: 7 };
    expect(decideSign(cancel, { ...signed, row: out })).toEqual({
      ok: true,
      value: { asset: null, amount: 0n },
    });
    expect(code({ ...cancel, data: '0x' }, { ...signed, row: out })).toBe('ok');
    expect(code({ ...cancel, to: CUSTOMER }, { ...signed, row: out })).toBe('cancel_differs');
    expect(code({ ...cancel, value: 1n }, { ...signed, row: out })).toBe('cancel_differs');
    expect(code({ ...cancel, data: '0x00' }, { ...signed, row: out })).toBe('cancel_differs');
    expect(code({ ...cancel, nonce: 8 }, { ...signed, row: out })).toBe('cancel_differs');
    expect(code(cancel, { ...signed, row: { ...out, status: 'CONFIRMED' } })).toBe('cancel_differs');
    expect(code(cancel, { ...signed, row })).toBe('cancel_differs');
  });

  it('signs a sweep from its deposit key into the hot wallet, and its gas top-up', () => {
    const sweep: SignRecord = {
      kind: 'sweep',
      status: 'SENDING',
      chain: 'ethereum',
      address: DEPOSIT,
      addressIndex: 3,
      asset: 'ETH',
      amountRaw: eth,
      gasTopUpRaw: 0n,
    };
    const sweepRow = {
      ...row,
      purpose: 'SWEEP',
      fromKey: 'deposit:3',
      fromAddress: DEPOSIT,
      toAddress: HOT,
      value: eth,
    };
    const sweepAsk = { ...ask, key: 'deposit:3', to: HOT, value: eth };
    const sweepFacts = { ...facts, row: sweepRow, record: sweep, keyAddress: DEPOSIT };
    expect(decideSign(sweepAsk, sweepFacts)).toEqual({ ok: true, value: { asset: null, amount: 0n } });
    expect(code(sweepAsk, { ...sweepFacts, record: { ...sweep, status: 'CONFIRMED' } })).toBe(
      'record_not_approved',
    );
    expect(code(sweepAsk, { ...sweepFacts, record: { ...sweep, addressIndex: 4 } })).toBe('record_differs');
    const elsewhere = { ...sweepRow, toAddress: CUSTOMER };
    expect(code({ ...sweepAsk, to: CUSTOMER }, { ...sweepFacts, row: elsewhere })).toBe('record_differs');

    const topUp = {
      ...sweep,
      status: 'TOPPING_UP',
      asset: 'USDT',
      amountRaw: 10n ** 9n,
      gasTopUpRaw: eth / 1000n,
    };
    const topUpRow = { ...row, purpose: 'GAS_TOPUP', toAddress: DEPOSIT, value: eth / 1000n };
    const topUpAsk = { ...ask, to: DEPOSIT, value: eth / 1000n };
    expect(decideSign(topUpAsk, { ...facts, row: topUpRow, record: topUp })).toEqual({
      ok: true,
      value: { asset: 'ETH', amount: eth / 1000n },
    });
    const more = { ...topUpRow, value: eth };
    expect(code({ ...topUpAsk, value: eth }, { ...facts, row: more, record: topUp })).toBe('record_differs');
  });

  it("signs an NFT's mint and transfer out only in the item's state, to its owner's address", () => {
    const item: SignRecord = {
      kind: 'nft',
      chainState: 'MINTING',
      chain: 'ethereum',
      contract: NFT,
      tokenId: 5n,
      chainReference: null,
      withdrawnTo: null,
    };
    const mintRow = { ...row, purpose: 'NFT_MINT', toAddress: NFT, value: 0n, data: '0x01' };
    const mintAsk = { ...ask, to: NFT, value: 0n, data: '0x01', gas: 200_000n };
    const mint = { fn: 'mint', to: HOT, tokenId: 5n } as const;
    const mintFacts = { ...facts, row: mintRow, record: item, call: mint };
    expect(code(mintAsk, mintFacts)).toBe('ok');
    expect(code(mintAsk, { ...mintFacts, call: { ...mint, to: CUSTOMER } })).toBe('record_differs');
    expect(code(mintAsk, { ...mintFacts, record: { ...item, chainState: 'MINTED' } })).toBe(
      'record_not_approved',
    );

    const out = { ...item, chainState: 'SENDING', chainReference: 'i:1', withdrawnTo: CUSTOMER };
    const sendRow = { ...mintRow, purpose: 'NFT_TRANSFER', reference: 'i:1' };
    const send = { fn: 'safeTransferFrom', from: HOT, to: CUSTOMER, tokenId: 5n } as const;
    const sendFacts = { ...facts, row: sendRow, record: out, call: send };
    expect(code(mintAsk, sendFacts)).toBe('ok');
    expect(code(mintAsk, { ...sendFacts, call: { ...send, to: DEPOSIT } })).toBe('record_differs');
    expect(code(mintAsk, { ...sendFacts, call: { ...send, tokenId: 6n } })).toBe('record_differs');
    expect(code(mintAsk, { ...sendFacts, record: { ...out, chainReference: 'i:2' } })).toBe('record_differs');
    expect(code(mintAsk, { ...sendFacts, record: { ...out, chainState: 'WITHDRAWN' } })).toBe(
      'record_not_approved',
    );
  });
});
