import { type LimitOrder, messages } from '@exchange/contracts';
import { findMarket } from '@exchange/domain';
import { describe, expect, it } from 'vitest';
import {
  groupOrders,
  heldPrice,
  inferStopKind,
  isWaitingStop,
  pairedOrders,
  refusalField,
  triggerHint,
  validateStopFields,
} from './stop-orders';

const btc = findMarket('BTC-USDT') ?? null;

function order(id: string, extra: Partial<LimitOrder> = {}): LimitOrder {
  return {
    id,
    time: '2026-12-02T10:00:00.000Z',
    createdAt: '2026-12-02T10:00:00.000Z',
    updatedAt: '2026-12-02T10:00:00.000Z',
    market_id: 'BTC-USDT',
    type: 'limit',
    side: 'sell',
    quantity: '0.01',
    filled_quantity: '0',
    cancelled_quantity: '0',
    open_quantity: '0.01',
    filled_cost: '0',
    price: '61900',
    status: 'open',
    stop_price: null,
    stop_kind: null,
    triggered_at: null,
    order_list_id: null,
    ...extra,
  };
}

const values = (extra: Partial<Record<'limitPrice' | 'stopPrice' | 'stopLimitPrice', string>>) => ({
  quantity: '0.01',
  limitPrice: '61900',
  stopPrice: '',
  stopLimitPrice: '',
  ...extra,
});

describe('a stop-limit against the last price', () => {
  it('is a stop loss below the last price for a sell and above it for a buy, a take profit the other way', () => {
    expect(inferStopKind('sell', '62000', '63000')).toBe('stop_loss');
    expect(inferStopKind('sell', '64000', '63000')).toBe('take_profit');
    expect(inferStopKind('buy', '64000', '63000')).toBe('stop_loss');
    expect(inferStopKind('buy', '62000', '63000')).toBe('take_profit');
    // No trade yet: the usual protective order.
    expect(inferStopKind('sell', '62000', null)).toBe('stop_loss');
  });

  it('says in one line which way the last price must move', () => {
    expect(triggerHint('62000', '63000', '62,000.0')).toBe('Triggers when the last price falls to 62,000.0');
    expect(triggerHint('64000', '63000', '64,000.0')).toBe('Triggers when the last price rises to 64,000.0');
    expect(triggerHint('64000', null, '64,000.0')).toBe('Triggers when the last price reaches 64,000.0');
    expect(triggerHint('', '63000', '')).toBeNull();
  });

  it('needs a stop price on the tick, not the last price itself', () => {
    const check = (stopPrice: string) =>
      validateStopFields('stop_limit', 'sell', values({ stopPrice }), btc, '63000', '63,000.0');
    expect(check('')).toEqual({ field: 'stopPrice', message: messages.stopPriceRequired });
    expect(check('abc')).toEqual({ field: 'stopPrice', message: messages.invalidStopPrice });
    expect(check('62000.05')).toEqual({
      field: 'stopPrice',
      message: 'Stop Price must be a multiple of 0.1',
    });
    expect(check('63000')).toEqual({ field: 'stopPrice', message: 'Stop price would trigger immediately.' });
    expect(check('62000')).toBeNull();
    expect(validateStopFields('limit', 'sell', values({}), btc, '63000', '63,000.0')).toBeNull();
    // A market without a trade has nothing to measure a stop against: the server refuses it too.
    expect(validateStopFields('stop_limit', 'sell', values({ stopPrice: '62000' }), btc, null, '')).toEqual({
      field: 'stopPrice',
      message: 'This market has no trade yet, so a stop order cannot be placed',
    });
  });
});

describe('an OCO against the last price', () => {
  const oco = (side: 'buy' | 'sell', limitPrice: string, stopPrice: string, stopLimitPrice = '61900') =>
    validateStopFields(
      'oco',
      side,
      values({ limitPrice, stopPrice, stopLimitPrice }),
      btc,
      '63000',
      '63,000.0',
    );

  it('needs the stop leg’s own limit price', () => {
    expect(oco('sell', '65000', '62000', '')).toEqual({
      field: 'stopLimitPrice',
      message: messages.stopLimitPriceRequired,
    });
  });

  it('sells above the last price and stops below it', () => {
    expect(oco('sell', '65000', '62000')).toBeNull();
    expect(oco('sell', '62500', '62000')).toEqual({
      field: 'limitPrice',
      message: 'For a sell OCO the limit price must be above the last price (63,000.0)',
    });
    expect(oco('sell', '65000', '64000')).toEqual({
      field: 'stopPrice',
      message: 'For a sell OCO the stop price must be below the last price (63,000.0)',
    });
  });

  it('buys below the last price and stops above it, holding for the dearer leg', () => {
    expect(oco('buy', '61000', '64000', '64100')).toBeNull();
    expect(oco('buy', '64000', '64500', '64600')?.field).toBe('limitPrice');
    expect(oco('buy', '61000', '62000', '62100')?.field).toBe('stopPrice');
    const buy = values({ limitPrice: '61000', stopPrice: '64000', stopLimitPrice: '64100' });
    expect(heldPrice('oco', 'buy', buy)).toBe('64100');
    expect(heldPrice('oco', 'sell', buy)).toBe('61000');
    expect(heldPrice('stop_limit', 'buy', buy)).toBe('61000');
  });
});

describe('open orders with stops and OCO pairs', () => {
  it('tells a waiting stop from a triggered one and a plain limit', () => {
    expect(isWaitingStop(order('a', { stop_price: '62000', stop_kind: 'stop_loss' }))).toBe(true);
    expect(
      isWaitingStop(
        order('b', { stop_price: '62000', stop_kind: 'stop_loss', triggered_at: '2026-12-02T10:01:00.000Z' }),
      ),
    ).toBe(false);
    expect(isWaitingStop(order('c'))).toBe(false);
  });

  it('brings an OCO’s legs together where its first leg stands', () => {
    const orders = [
      order('leg-1', { order_list_id: 'L1' }),
      order('plain'),
      order('leg-2', { order_list_id: 'L1', stop_price: '62000', stop_kind: 'stop_loss' }),
      order('lonely', { order_list_id: 'L2' }),
    ];
    expect(pairedOrders(orders).map((o) => o.id)).toEqual(['leg-1', 'leg-2', 'plain', 'lonely']);
    expect(groupOrders(orders).map((g) => g.kind)).toEqual(['oco', 'single', 'oco']);
  });

  it('shows a post-only or a stop refusal by its field', () => {
    expect(refusalField(messages.postOnlyWouldTake)).toBe('limitPrice');
    expect(refusalField(messages.stopPriceRequired)).toBe('stopPrice');
    expect(refusalField('Stop price would trigger immediately.')).toBe('stopPrice');
    expect(refusalField(messages.insufficientAmount)).toBeNull();
  });
});
