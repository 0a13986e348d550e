import { randomUUID } from 'node:crypto';
import { type LegacyOcoParams, messages, type OrderListOcoParams } from '@exchange/contracts';
import { marketUnits, validateOrder } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { SignedRequestCaller } from '../api-keys/authenticate-signed-request';
import { assertOutflowAllowed } from '../outflow/assert-outflow-allowed';
import { placeOco } from '../trading/place-oco';
import { parseStopPrice } from '../trading/stop-settle';
import type { TradingRuntime } from '../trading/trading-runtime';
import { type ApiOrderRow, releaseClientOrderId, reserveClientOrderId } from './api-orders.repository';
import { binanceError, marketOfSymbol } from './binance-params';
import { placedListAnswer } from './order-list-view';
import { releaseListClientId, reserveListClientId } from './order-lists.repository';
import { ruleError } from './place-api-order';

type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/**
 * The one OCO our engine places (place-oco.ts), in Binance's terms: a LIMIT_MAKER leg at `price` and
 * a STOP_LOSS_LIMIT leg (trigger `stopPrice`, limit `stopLimitPrice`), both for `quantity`.
 */
interface OcoSpec {
  readonly symbol: string;
  readonly side: 'BUY' | 'SELL';
  readonly quantity: string;
  readonly price: string;
  readonly stopPrice: string;
  readonly stopLimitPrice: string;
  readonly stopTimeInForce: TimeInForce;
  readonly listClientOrderId?: string;
  readonly limitClientOrderId?: string;
  readonly stopClientOrderId?: string;
  readonly respType: 'ACK' | 'RESULT' | 'FULL';
}

/** A leg's parameter Binance's type takes (present) or refuses (-1106), or needs (-1102). */
function need<T>(name: string, value: T | undefined): T {
  if (value === undefined) throw binanceError(400, 'mandatoryMissing', { name });
  return value;
}
function refuse(name: string, value: unknown): void {
  if (value !== undefined) throw binanceError(400, 'unknownParamCombination', { name });
}

/**
 * POST /api/v3/orderList/oco's two legs. A SELL's above leg is its LIMIT_MAKER and its below leg the
 * STOP_LOSS_LIMIT; a BUY the other way round. Binance's other combinations (a TAKE_PROFIT or
 * TAKE_PROFIT_LIMIT leg, a STOP_LOSS market leg) are not placed by our engine: -1014.
 */
export function specOfOrderList(params: OrderListOcoParams): OcoSpec {
  const sell = params.side === 'SELL';
  const limit = sell ? 'above' : 'below';
  const stop = sell ? 'below' : 'above';
  if (params[`${limit}Type`] !== 'LIMIT_MAKER' || params[`${stop}Type`] !== 'STOP_LOSS_LIMIT')
    throw binanceError(400, 'unsupportedOrderCombination');
  refuse(`${limit}StopPrice`, params[`${limit}StopPrice`]);
  refuse(`${limit}TimeInForce`, params[`${limit}TimeInForce`]);
  return {
    symbol: params.symbol,
    side: params.side,
    quantity: params.quantity,
    price: need(`${limit}Price`, params[`${limit}Price`]),
    stopPrice: need(`${stop}StopPrice`, params[`${stop}StopPrice`]),
    stopLimitPrice: need(`${stop}Price`, params[`${stop}Price`]),
    stopTimeInForce: need(`${stop}TimeInForce`, params[`${stop}TimeInForce`]),
    listClientOrderId: params.listClientOrderId,
    limitClientOrderId: params[`${limit}ClientOrderId`],
    stopClientOrderId: params[`${stop}ClientOrderId`],
    respType: params.newOrderRespType ?? 'FULL',
  };
}

/**
 * The legacy POST /api/v3/order/oco: a LIMIT_MAKER at price and a stop at stopPrice, a STOP_LOSS_LIMIT
 * when stopLimitPrice is given (with stopLimitTimeInForce). Without it Binance places a STOP_LOSS
 * market leg, which our OCO does not have: -1014.
 */
export function specOfLegacyOco(params: LegacyOcoParams): OcoSpec {
  if (params.stopLimitPrice === undefined) {
    refuse('stopLimitTimeInForce', params.stopLimitTimeInForce);
    throw binanceError(400, 'unsupportedOrderCombination');
  }
  return {
    symbol: params.symbol,
    side: params.side,
    quantity: params.quantity,
    price: params.price,
    stopPrice: params.stopPrice,
    stopLimitPrice: params.stopLimitPrice,
    stopTimeInForce: need('stopLimitTimeInForce', params.stopLimitTimeInForce),
    listClientOrderId: params.listClientOrderId,
    limitClientOrderId: params.limitClientOrderId,
    stopClientOrderId: params.stopClientOrderId,
    respType: params.newOrderRespType ?? 'FULL',
  };
}

/** The market's rules on both legs, answered with Binance's filter failures, before anything is held. */
function checkRules(spec: OcoSpec) {
  const rules = marketOfSymbol(spec.symbol);
  for (const price of [spec.price, spec.stopLimitPrice]) {
    const valid = validateOrder(rules, { type: 'limit', quantity: spec.quantity, price });
    if (!valid.ok) throw ruleError(valid.code);
  }
  try {
    parseStopPrice(rules, marketUnits(rules), spec.stopPrice);
  } catch {
    throw binanceError(400, 'filterFailure', { filter: 'PRICE_FILTER' });
  }
  return rules;
}

/** The engine's refusals of the pair, as Binance's -2010 with its own texts. */
const PRICE_RELATION = [
  messages.ocoSellLimitAbove,
  messages.ocoSellStopBelow,
  messages.ocoBuyLimitBelow,
  messages.ocoBuyStopAbove,
].map((template) => template.split('{price}')[0] ?? template);
function rejected(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'insufficient_funds') return binanceError(400, 'insufficientBalance');
  if (error.code === 'order_would_take') return binanceError(400, 'wouldTake');
  if (PRICE_RELATION.some((start) => error.message.startsWith(start)))
    return binanceError(400, 'newOrderRejected', {
      reason: 'The relationship of the prices for the orders is not correct.',
    });
  return binanceError(400, 'newOrderRejected', { reason: error.message });
}

/**
 * Places an OCO for the key's owner with the web's OCO (placeOco: one market command, the funds held
 * once, the legs linked so one ending cancels the other). The client ids of the list and its two legs
 * are reserved first, per key (a reused one is -2010 'Duplicate order sent.'), and given back when the
 * placement is refused.
 */
export async function placeApiOrderList(
  ctx: AppContext,
  trading: TradingRuntime,
  caller: SignedRequestCaller,
  spec: OcoSpec,
) {
  const rules = checkRules(spec);
  const ids = { listId: randomUUID(), limitId: randomUUID(), stopId: randomUUID() };
  const auto = (id: string) => `api_${id.replaceAll('-', '')}`;
  const legs: Omit<ApiOrderRow, 'createdAt'>[] = [
    {
      orderId: ids.limitId,
      userId: caller.userId,
      keyId: caller.keyId,
      clientOrderId: spec.limitClientOrderId ?? auto(ids.limitId),
      type: 'LIMIT_MAKER',
      timeInForce: 'GTC',
    },
    {
      orderId: ids.stopId,
      userId: caller.userId,
      keyId: caller.keyId,
      clientOrderId: spec.stopClientOrderId ?? auto(ids.stopId),
      type: 'STOP_LOSS_LIMIT',
      timeInForce: spec.stopTimeInForce,
    },
  ];
  const list = {
    orderListId: ids.listId,
    userId: caller.userId,
    keyId: caller.keyId,
    listClientOrderId: spec.listClientOrderId ?? auto(ids.listId),
    marketId: rules.id,
  };
  const release = async () => {
    await releaseListClientId(ctx.db, ids.listId);
    for (const leg of legs) await releaseClientOrderId(ctx.db, leg.orderId);
  };
  const reserved =
    (await reserveListClientId(ctx.db, list)) &&
    (await reserveClientOrderId(ctx.db, legs[0] as ApiOrderRow)) &&
    (await reserveClientOrderId(ctx.db, legs[1] as ApiOrderRow));
  if (!reserved) {
    await release();
    throw binanceError(400, 'duplicateOrder');
  }
  const side = spec.side === 'BUY' ? 'buy' : 'sell';
  let placed: Awaited<ReturnType<typeof placeOco>>;
  try {
    if (side === 'sell') await assertOutflowAllowed(ctx, caller.userId, 'sell');
    placed = await placeOco(
      ctx,
      trading.engine,
      caller.userId,
      side,
      {
        market_id: rules.id,
        quantity: spec.quantity,
        price: spec.price,
        stop_price: spec.stopPrice,
        stop_limit_price: spec.stopLimitPrice,
      },
      {
        ids,
        limitTimeInForce: 'post_only',
        stopTimeInForce:
          spec.stopTimeInForce === 'GTC' ? 'gtc' : spec.stopTimeInForce === 'IOC' ? 'ioc' : 'fok',
      },
    );
  } catch (error) {
    await release();
    throw rejected(error);
  }
  const now = new Date(Math.max(...placed.orders.map((o) => o.createdAt.getTime())));
  const api = new Map(legs.map((leg) => [leg.orderId, { ...leg, createdAt: now }]));
  return placedListAnswer(placed.listId, placed.orders, { ...list, createdAt: now }, api, spec.respType);
}
