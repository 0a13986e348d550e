import { describe, expect, it } from 'vitest';
import { RoundCarry, type Tracked } from './round-carry';
import type { OrderRecord } from './trading.repository';

const at = new Date('2026-12-05T00:00:00Z');

function order(id: string, status: OrderRecord['status']): OrderRecord {
  return {
    id,
    marketId: 'BTC-USDT',
    userId: 'maker',
    side: 'buy',
    priceTicks: 6_000_000n,
    quantityLots: 50n,
    filledLots: 0n,
    cancelledLots: status === 'cancelled' ? 50n : 0n,
    filledCost: 0n,
    filledQuote: 0n,
    feeQuote: 0n,
    lockAsset: 'USDT',
    lockedRemaining: status === 'open' ? 300_600_000_000n : 0n,
    status,
    seq: 1n,
    createdAt: at,
    updatedAt: at,
  };
}

const left = (counts: [string, number][], ...orders: Tracked[]) => ({
  balances: new Map<string, bigint>(),
  counts: new Map(counts),
  orders,
});

describe('the orders a round carries to the next', () => {
  it('carries the open ones and lets closed ones go, counting both', () => {
    const carry = new RoundCarry();
    carry.absorb(
      left(
        [['maker/BTC-USDT', 0]],
        { record: order('a', 'open'), stored: 'new', dirty: true },
        { record: order('b', 'cancelled'), stored: 'new', dirty: true },
      ),
    );
    expect([...carry.orders.keys()]).toEqual(['a']);
    expect(carry.counts.get('maker/BTC-USDT')).toBe(1);

    // The next round cancels the carried order: it leaves the carry, and the count drops.
    carry.absorb(
      left([['maker/BTC-USDT', 1]], { record: order('a', 'cancelled'), stored: 'open', dirty: true }),
    );
    expect(carry.orders.size).toBe(0);
    expect(carry.counts.get('maker/BTC-USDT')).toBe(0);
  });
});
