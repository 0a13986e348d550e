/**
 * An error of the Binance-compatible API, answered in Binance's shape: HTTP status and the body
 * `{ "code": -1022, "msg": "Signature for this request is not valid." }`. Programs written for
 * Binance (ccxt among them) branch on these codes, so the codes and texts are Binance's own.
 */
export class BinanceApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    readonly msg: string,
  ) {
    super(msg);
    this.name = 'BinanceApiError';
  }

  /** The answer's body, exactly Binance's `{code, msg}`. */
  toJSON(): { code: number; msg: string } {
    return { code: this.code, msg: this.msg };
  }
}

/** The signed-request refusals, with Binance's codes, statuses and texts. */
export const SIGNED_REQUEST_ERRORS = {
  keyFormat: () => new BinanceApiError(401, -2014, 'API-key format invalid.'),
  keyRefused: () => new BinanceApiError(401, -2015, 'Invalid API-key, IP, or permissions for action.'),
  signature: () => new BinanceApiError(400, -1022, 'Signature for this request is not valid.'),
  outsideRecvWindow: () =>
    new BinanceApiError(400, -1021, 'Timestamp for this request is outside of the recvWindow.'),
  ahead: () =>
    new BinanceApiError(400, -1021, "Timestamp for this request was 1000ms ahead of the server's time."),
  missing: (name: string) =>
    new BinanceApiError(
      400,
      -1102,
      `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`,
    ),
  recvWindowTooLarge: () => new BinanceApiError(400, -1131, 'recvWindow must be less than 60000.'),
  /**
   * Parameters in both the query string and the body: the signature covers the two texts joined, so
   * such a request could be split again elsewhere and read otherwise. Binance's code for a request
   * carrying more parameters than it takes.
   */
  queryAndBody: () => new BinanceApiError(400, -1101, 'Too many parameters sent for this endpoint.'),
} as const;
