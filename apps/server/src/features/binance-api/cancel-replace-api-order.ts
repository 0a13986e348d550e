import { BINANCE_ERRORS, type CancelReplaceParams } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import type { SignedRequestCaller } from '../api-keys/authenticate-signed-request';
import { BinanceApiError } from '../api-keys/binance-error';
import type { TradingRuntime } from '../trading/trading-runtime';
import { newOrderAnswer } from './api-order-view';
import { placeApiOrder, testApiOrder } from './place-api-order';
import { cancelApiOrder } from './query-api-orders';
import type { RecentApiOrders } from './recent-api-orders';

/** Binance's refusal of a cancel-replace: its code and text, and what became of each half in `data`. */
class CancelReplaceError extends BinanceApiError {
  constructor(
    httpStatus: number,
    known: { code: number; msg: string },
    private readonly data: Record<string, unknown>,
  ) {
    super(httpStatus, known.code, known.msg);
  }

  override toJSON() {
    return { ...super.toJSON(), data: this.data } as { code: number; msg: string };
  }
}

/** A half's refusal as Binance shows it inside `data`: its own { code, msg }. */
function refusalOf(error: unknown): { code: number; msg: string } {
  if (error instanceof BinanceApiError) return error.toJSON();
  throw error;
}

/**
 * POST /api/v3/order/cancelReplace: cancels one of the caller's orders and places a new one on the
 * same market, as two commands on the market's loop (DELETE /order, then POST /order). The new
 * order's parameters and the market's filters are checked first, so a malformed replacement cancels
 * nothing. A cancel that fails: with STOP_ON_FAILURE nothing is placed; with ALLOW_FAILURE the new
 * order is still tried. Answers Binance's shapes: both done, 200 with both answers; the cancel failed,
 * 400 -2022 with `data`; the cancel done and the new order refused, 409 -2021 with `data`.
 */
export async function cancelReplaceApiOrder(
  ctx: AppContext,
  trading: TradingRuntime,
  caller: SignedRequestCaller,
  params: CancelReplaceParams,
  recent: RecentApiOrders,
) {
  testApiOrder(params);
  let cancelResponse: unknown;
  let cancelled = true;
  try {
    cancelResponse = await cancelApiOrder(
      ctx,
      trading,
      caller,
      {
        symbol: params.symbol,
        orderId: params.cancelOrderId,
        origClientOrderId: params.cancelOrigClientOrderId,
      },
      recent,
    );
  } catch (error) {
    cancelResponse = refusalOf(error);
    cancelled = false;
  }
  if (!cancelled && params.cancelReplaceMode === 'STOP_ON_FAILURE')
    throw new CancelReplaceError(400, BINANCE_ERRORS.cancelReplaceFailed, {
      cancelResult: 'FAILURE',
      newOrderResult: 'NOT_ATTEMPTED',
      cancelResponse,
      newOrderResponse: null,
    });
  let newOrderResponse: unknown;
  let placed = true;
  try {
    const order = await placeApiOrder(ctx, trading, caller, params, recent);
    newOrderResponse = newOrderAnswer(order.order, order.api, params.newOrderRespType ?? 'FULL');
  } catch (error) {
    newOrderResponse = refusalOf(error);
    placed = false;
  }
  const data = {
    cancelResult: cancelled ? 'SUCCESS' : 'FAILURE',
    newOrderResult: placed ? 'SUCCESS' : 'FAILURE',
    cancelResponse,
    newOrderResponse,
  };
  if (!cancelled) throw new CancelReplaceError(400, BINANCE_ERRORS.cancelReplaceFailed, data);
  if (!placed) throw new CancelReplaceError(409, BINANCE_ERRORS.cancelReplacePartiallyFailed, data);
  return data;
}
