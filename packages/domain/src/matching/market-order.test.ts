import { describe, expect, it } from 'vitest';
import { findMarket } from '../markets';
import { marketBuyForBudget, marketOrderReach } from './market-order';
import { marketUnits } from './market-units';
import { priceTicks, quantityLots } from './types';

const level = (price: bigint, quantity: bigint) => ({
  price: priceTicks(price),
  quantity: quantityLots(quantity),
});

describe('a market order expressed as an IOC order with a price cap', () => {
  it('caps at the level where its quantity is reached', () => {
    const asks = [level(100n, 5n), level(101n, 5n), level(105n, 5n)];
    expect(marketOrderReach(asks, quantityLots(7n))).toEqual({ cap: 101n, quantity: 7n });
    expect(marketOrderReach(asks, quantityLots(5n))).toEqual({ cap: 100n, quantity: 5n });
  });

  it('reaches the last level when the book holds less, and is refused on an empty side', () => {
    expect(marketOrderReach([level(100n, 5n)], quantityLots(50n))).toEqual({ cap: 100n, quantity: 50n });
    expect(marketOrderReach([], quantityLots(1n))).toBeNull();
  });

  it('buys for a quote budget whole levels, then the lots the rest pays for, rounded down', () => {
    const units = marketUnits(findMarket('BTC-USDT')!);
    // BTC-USDT: tick 0.1, lot 0.000001. 1000 ticks = 100 USDT; one lot there costs 0.0001 USDT.
    const perLot = 1000n * units.tickSize;
    const asks = [level(1000n, 10n), level(2000n, 10n)];
    const budget = 10n * perLot + 5n * 2n * perLot + perLot;
    expect(marketBuyForBudget(units, asks, budget)).toEqual({ cap: 2000n, quantity: 15n });
    expect(marketBuyForBudget(units, asks, perLot - 1n)).toBeNull();
    expect(marketBuyForBudget(units, [], perLot)).toBeNull();
  });
});
