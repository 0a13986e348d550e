import { z } from 'zod';

/**
 * The answers of the /api/v3 routes in Binance's shapes, for the OpenAPI document only
 * (binance-api-docs.ts): the handlers build their answers themselves (api-order-view.ts, account.ts,
 * binance-market-data.ts, exchange-info.ts), and binance-api.docs.test.ts checks the two name the same
 * fields.
 */

const decimal = z.string().describe('A decimal as text');
export const ms = z.number().int().describe('Milliseconds since 1970');
export const order = z.object({
  symbol: z.string(),
  orderId: z.string().describe('Our order id (a UUID; Binance has integers: treat it as opaque text)'),
  orderListId: z
    .union([z.literal(-1), z.string()])
    .describe("The OCO list's id (a UUID) for an OCO leg; -1 for an order in no list"),
  clientOrderId: z.string(),
  price: decimal,
  origQty: decimal,
  executedQty: decimal,
  cummulativeQuoteQty: decimal,
  status: z.enum(['NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'EXPIRED']),
  timeInForce: z.enum(['GTC', 'IOC']),
  type: z.enum(['LIMIT', 'MARKET']),
  side: z.enum(['BUY', 'SELL']),
  stopPrice: decimal,
  icebergQty: decimal,
  time: ms,
  updateTime: ms,
  isWorking: z.boolean(),
  workingTime: ms,
  origQuoteOrderQty: decimal,
  selfTradePreventionMode: z.string(),
});
const newOrderAck = order
  .pick({ symbol: true, orderId: true, orderListId: true, clientOrderId: true })
  .extend({ transactTime: ms });
export const newOrderAnswer = newOrderAck
  .extend(
    order
      .pick({
        price: true,
        origQty: true,
        executedQty: true,
        cummulativeQuoteQty: true,
        status: true,
        timeInForce: true,
        type: true,
        side: true,
        workingTime: true,
        selfTradePreventionMode: true,
      })
      .partial().shape,
  )
  .extend({
    fills: z.array(z.unknown()).optional().describe('FULL only; empty: GET /myTrades?orderId= lists them'),
  })
  .describe('ACK: the first five fields; RESULT: the order; FULL: the order and `fills`');
export const trade = z.object({
  id: z.number().int(),
  price: decimal,
  qty: decimal,
  quoteQty: decimal,
  time: ms,
  isBuyerMaker: z.boolean(),
  isBestMatch: z.boolean(),
});
export const aggTrade = z.object({
  a: z.number().int(),
  p: decimal,
  q: decimal,
  f: z.number().int(),
  l: z.number().int(),
  T: ms,
  m: z.boolean(),
  M: z.boolean(),
});
export const ticker24h = z.object({
  symbol: z.string(),
  priceChange: decimal,
  priceChangePercent: decimal,
  weightedAvgPrice: decimal,
  prevClosePrice: decimal,
  lastPrice: decimal,
  lastQty: decimal,
  bidPrice: decimal,
  bidQty: decimal,
  askPrice: decimal,
  askQty: decimal,
  openPrice: decimal,
  highPrice: decimal,
  lowPrice: decimal,
  volume: decimal,
  quoteVolume: decimal,
  openTime: ms,
  closeTime: ms,
  firstId: z.number().int(),
  lastId: z.number().int(),
  count: z.number().int(),
});
export const tickerPrice = z.object({ symbol: z.string(), price: decimal });
export const bookTicker = z.object({
  symbol: z.string(),
  bidPrice: decimal,
  bidQty: decimal,
  askPrice: decimal,
  askQty: decimal,
});
export const oneOrList = <S extends z.ZodType>(one: S) =>
  z.union([one, z.array(one)]).describe('One object for `symbol`; a list for `symbols` or neither');
export const myTrade = z.object({
  symbol: z.string(),
  id: z.number().int(),
  orderId: z.string(),
  orderListId: z
    .union([z.literal(-1), z.string()])
    .describe("The OCO list's id (a UUID) when the fill is an OCO leg's; -1 otherwise"),
  price: decimal,
  qty: decimal,
  quoteQty: decimal,
  commission: decimal,
  commissionAsset: z.string(),
  time: ms,
  isBuyer: z.boolean(),
  isMaker: z.boolean(),
  isBestMatch: z.boolean(),
});
export const account = z.object({
  makerCommission: z.number(),
  takerCommission: z.number(),
  buyerCommission: z.number(),
  sellerCommission: z.number(),
  commissionRates: z.object({ maker: decimal, taker: decimal, buyer: decimal, seller: decimal }),
  canTrade: z.boolean(),
  canWithdraw: z.boolean(),
  canDeposit: z.boolean(),
  brokered: z.boolean(),
  requireSelfTradePrevention: z.boolean(),
  preventSor: z.boolean(),
  updateTime: ms,
  accountType: z.literal('SPOT'),
  balances: z.array(z.object({ asset: z.string(), free: decimal, locked: decimal })),
  permissions: z.array(z.string()),
  uid: z.string(),
});
export const exchangeInfo = z.object({
  timezone: z.literal('UTC'),
  serverTime: ms,
  rateLimits: z.array(
    z.object({ rateLimitType: z.string(), interval: z.string(), intervalNum: z.number(), limit: z.number() }),
  ),
  exchangeFilters: z.array(z.unknown()),
  symbols: z.array(
    z.looseObject({
      symbol: z.string(),
      status: z.enum(['TRADING', 'BREAK']),
      baseAsset: z.string(),
      quoteAsset: z.string(),
      orderTypes: z.array(z.enum(['LIMIT', 'MARKET'])),
      filters: z.array(z.looseObject({ filterType: z.enum(['PRICE_FILTER', 'LOT_SIZE', 'NOTIONAL']) })),
    }),
  ),
});
export const level = z.tuple([decimal, decimal]).describe('[price, quantity]');
export const kline = z
  .tuple([
    ms,
    decimal,
    decimal,
    decimal,
    decimal,
    decimal,
    ms,
    decimal,
    z.number(),
    decimal,
    decimal,
    decimal,
  ])
  .describe(
    '[open time, open, high, low, close, volume, close time, quote volume, trades, taker buy base volume, taker buy quote volume, ignore]',
  );
