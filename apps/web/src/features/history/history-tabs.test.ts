import { describe, expect, it } from 'vitest';
import { defaultHistoryTab } from './history-tabs';

describe('the tab /history opens on', () => {
  it.each([
    [{ type: 'refer' }, 'referrals'],
    [{ type: 'stake' }, 'stakes'],
    [{ type: 'swap' }, 'swap'],
    [{ type: 'p2p' }, 'p2p'],
    [{ type: 'limit' }, 'orders'],
    [{ type: 'deposit' }, 'deposits'],
    [{ type: 'buysell' }, 'transactions'],
    [{ type: 'something else' }, 'transactions'],
    [{ type: 'toString' }, 'transactions'],
    [{ type: 3 }, 'transactions'],
    [{ from: { pathname: '/x' } }, 'transactions'],
    [null, 'transactions'],
    [undefined, 'transactions'],
  ])('state %j opens %s', (state, tab) => {
    expect(defaultHistoryTab(state)).toBe(tab);
  });
});
