import { describe, expect, it } from 'vitest';
import {
  HISTORY_OPERATION_TYPES,
  HISTORY_OPERATIONS,
  historyRow,
  LIMIT_FILL_OPERATIONS,
  type MoneyEvent,
  SWAP_OPERATIONS,
} from './history-row';

const btc = (amount: bigint) => ({ asset: 'BTC' as const, amount });
const usdt = (amount: bigint) => ({ asset: 'USDT' as const, amount });

describe('historyRow', () => {
  it('tells a USD deposit as FIAT and a coin given by the seed as CRYPTO, with nothing on the from side', () => {
    expect(historyRow({ kind: 'deposit', asset: 'USD', amount: 1_000n })).toEqual({
      operationType: 'FIAT',
      operation: 'DEPOSIT',
      from: null,
      to: { asset: 'USD', amount: 1_000n },
    });
    expect(historyRow({ kind: 'deposit', ...btc(5n) })).toEqual({
      operationType: 'CRYPTO',
      operation: 'DEPOSIT',
      from: null,
      to: btc(5n),
    });
  });

  it('tells a refund and a chargeback apart, as money that left', () => {
    const taken = { asset: 'USD' as const, amount: 250n };
    expect(historyRow({ kind: 'deposit_reversal', status: 'REFUNDED', ...taken })).toEqual({
      operationType: 'FIAT',
      operation: 'DEPOSIT_REFUND',
      from: taken,
      to: null,
    });
    expect(historyRow({ kind: 'deposit_reversal', status: 'REVERSED', ...taken })).toMatchObject({
      operation: 'DEPOSIT_REVERSAL',
      from: taken,
      to: null,
    });
  });

  it('tells a withdrawal as the whole amount leaving, FIAT for USD and CRYPTO for a coin', () => {
    expect(historyRow({ kind: 'withdrawal', asset: 'USD', amount: 2_500n })).toEqual({
      operationType: 'FIAT',
      operation: 'WITHDRAW',
      from: { asset: 'USD', amount: 2_500n },
      to: null,
    });
    expect(historyRow({ kind: 'withdrawal', ...usdt(7n) })).toMatchObject({
      operationType: 'CRYPTO',
      operation: 'WITHDRAW',
      from: usdt(7n),
    });
  });

  it('puts the USD total on the paying side of an instant trade', () => {
    expect(historyRow({ kind: 'instant_buy', coin: btc(10n), total: 1_050n })).toEqual({
      operationType: 'FIAT_TO_CRYPTO',
      operation: 'BUY',
      from: { asset: 'USD', amount: 1_050n },
      to: btc(10n),
    });
    expect(historyRow({ kind: 'instant_sell', coin: btc(10n), total: 950n })).toEqual({
      operationType: 'CRYPTO_TO_FIAT',
      operation: 'SELL',
      from: btc(10n),
      to: { asset: 'USD', amount: 950n },
    });
  });

  it('gives each side of a fill its own direction', () => {
    expect(historyRow({ kind: 'limit_buy', base: btc(3n), quote: usdt(300n) })).toEqual({
      operationType: 'CRYPTO_TO_CRYPTO',
      operation: 'LIMIT_BUY',
      from: usdt(300n),
      to: btc(3n),
    });
    expect(historyRow({ kind: 'limit_sell', base: btc(3n), quote: usdt(297n) })).toEqual({
      operationType: 'CRYPTO_TO_CRYPTO',
      operation: 'LIMIT_SELL',
      from: btc(3n),
      to: usdt(297n),
    });
  });

  it('tells a swap from a MultiCoin purchase', () => {
    const multi = { asset: 'MULTI' as const, amount: 7n };
    expect(historyRow({ kind: 'swap', from: btc(1n), to: usdt(2n) })).toEqual({
      operationType: 'CRYPTO_TO_CRYPTO',
      operation: 'SWAP',
      from: btc(1n),
      to: usdt(2n),
    });
    expect(historyRow({ kind: 'multi_buy', from: usdt(2n), to: multi })).toEqual({
      operationType: 'CRYPTO_TO_CRYPTO',
      operation: 'MULTI_BUY',
      from: usdt(2n),
      to: multi,
    });
  });

  it('writes coin movements of one user as CRYPTO: what left on the from side, what came on the to side', () => {
    const cases: [MoneyEvent, string, 'from' | 'to'][] = [
      [{ kind: 'p2p_send', ...btc(4n) }, 'P2P_SEND', 'from'],
      [{ kind: 'p2p_receive', ...btc(4n) }, 'P2P_RECEIVE', 'to'],
      [{ kind: 'stake', ...btc(4n) }, 'STAKE', 'from'],
      [{ kind: 'restake', ...btc(4n) }, 'RESTAKE', 'from'],
      [{ kind: 'stake_redeem', ...btc(4n) }, 'STAKE_REDEEM', 'to'],
      [{ kind: 'referral_reward', ...btc(4n) }, 'REFERRAL_REWARD', 'to'],
      [{ kind: 'nft_buy', ...btc(4n) }, 'NFT_BUY', 'from'],
      [{ kind: 'nft_sale', ...btc(4n) }, 'NFT_SALE', 'to'],
    ];
    for (const [event, operation, side] of cases) {
      const row = historyRow(event);
      expect(row).toEqual({
        operationType: 'CRYPTO',
        operation,
        from: side === 'from' ? btc(4n) : null,
        to: side === 'to' ? btc(4n) : null,
      });
    }
  });

  it('writes an NFT bought or sold for USD as FIAT', () => {
    const usd = { asset: 'USD' as const, amount: 1_000n };
    expect(historyRow({ kind: 'nft_buy', ...usd })).toEqual({
      operationType: 'FIAT',
      operation: 'NFT_BUY',
      from: usd,
      to: null,
    });
  });

  it('copies the amounts, so a row never shares an object with the event it came from', () => {
    const coin = btc(1n);
    expect(historyRow({ kind: 'swap', from: coin, to: usdt(1n) }).from).not.toBe(coin);
  });

  it('names every operation by its constant, and the selections by operations it writes', () => {
    for (const [name, value] of Object.entries(HISTORY_OPERATIONS)) expect(value).toBe(name);
    expect(SWAP_OPERATIONS).toEqual(['SWAP', 'MULTI_BUY']);
    expect(LIMIT_FILL_OPERATIONS).toEqual(['LIMIT_BUY', 'LIMIT_SELL']);
    expect(HISTORY_OPERATION_TYPES).toContain(historyRow({ kind: 'stake', ...btc(1n) }).operationType);
  });
});
