import { ASSETS } from '@exchange/domain';
import { describe, expect, it } from 'vitest';
import { movableCoinChoices, unmovableCoinList } from './movable-coins';

const network = { chain: 'ethereum' };

describe('the coins the pickers offer', () => {
  it('are the coins the server has a chain for, in the wallet order, and the sentence names the rest once', () => {
    const coins = [
      { asset: 'USDT', networks: [network] },
      { asset: 'ETH', networks: [network, { chain: 'bsc' }] },
    ];
    expect(movableCoinChoices(coins)).toEqual([
      { value: 'ETH', label: 'Ethereum (ETH)' },
      { value: 'USDT', label: 'Tether (USDT)' },
    ]);
    expect(unmovableCoinList(coins)).toBe('BTC, BNB, USDC, XRP, ADA, MATIC, DOT, BUSD, LTC, and MULTI');
  });

  it('offer a coin that only comes in (LTC, issue 47) for deposits and not for withdrawals', () => {
    const coins = [
      { asset: 'ETH', networks: [{ chain: 'ethereum', withdrawable: true }] },
      { asset: 'LTC', networks: [{ chain: 'litecoin', withdrawable: false }] },
    ];
    expect(movableCoinChoices(coins).map((choice) => choice.value)).toEqual(['ETH', 'LTC']);
    expect(movableCoinChoices(coins, 'withdraw').map((choice) => choice.value)).toEqual(['ETH']);
    expect(unmovableCoinList(coins, 'withdraw')).toContain('LTC');
    expect(unmovableCoinList(coins)).not.toContain('LTC');
  });

  it('leave out a coin with no chain, keep one the catalogue does not know, and never list USD', () => {
    const coins = [
      { asset: 'BTC', networks: [] },
      { asset: 'SHIB', networks: [network] },
    ];
    expect(movableCoinChoices(coins)).toEqual([{ value: 'SHIB', label: 'SHIB' }]);
    const named = unmovableCoinList(coins).split(/, and |, /);
    expect(named).toContain('BTC');
    expect(named).not.toContain('USD');
  });

  it('say nothing when every coin can move', () => {
    const every = ASSETS.filter((asset) => asset.type === 'CRYPTO').map((asset) => ({
      asset: asset.code,
      networks: [network],
    }));
    expect(unmovableCoinList(every)).toBe('');
    expect(movableCoinChoices(every)).toHaveLength(every.length);
  });
});
