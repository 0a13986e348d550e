/**
 * The few calls of Binance's official JS connector (@binance/connector ships no types) that the
 * tests drive. Every call answers an axios response; its body is `data`.
 */
declare module '@binance/connector' {
  type Options = Record<string, string | number | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: the connector's answers are Binance's JSON, read by the tests.
  type Answer = Promise<{ data: any }>;
  export class Spot {
    constructor(apiKey?: string, apiSecret?: string, options?: { baseURL?: string });
    account(options?: Options): Answer;
    newOrder(symbol: string, side: string, type: string, options?: Options): Answer;
    cancelOrder(symbol: string, options?: Options): Answer;
    cancelOpenOrders(symbol: string, options?: Options): Answer;
    cancelAndReplace(symbol: string, side: string, type: string, mode: string, options?: Options): Answer;
    openOrders(options?: Options): Answer;
    avgPrice(symbol: string): Answer;
    tradeFee(options?: Options): Answer;
    getOrder(symbol: string, options?: Options): Answer;
    // The OCO order lists (issue 48).
    newOCOOrder(
      symbol: string,
      side: string,
      quantity: string | number,
      aboveType: string,
      belowType: string,
      options?: Options,
    ): Answer;
    getOCOOrder(options?: Options): Answer;
    getOCOOrders(options?: Options): Answer;
    getOpenOCOOrders(options?: Options): Answer;
    cancelOCOOrder(symbol: string, options?: Options): Answer;
  }
}
