import { tradeFeeParamsSchema } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import { declareAccess } from '../../platform/route-access';
import type { ApiKeyReader } from '../api-keys/api-key-cache';
import {
  authenticateSignedRequest,
  registerSignedFormBody,
  signedRequestParams,
} from '../api-keys/authenticate-signed-request';
import { tradeFees } from './account';
import { registerBinanceErrorHandler } from './binance-api-errors';
import { marketsOf, parseParams } from './binance-params';
import { createRequestWeights } from './request-weight';

/** GET /sapi/v1/asset/tradeFee's weight, as Binance's. */
const TRADE_FEE_WEIGHT = 1;

/**
 * The one endpoint of Binance's wallet API (/sapi/v1) that trading programs read: the account's trade
 * fees (ccxt's fetchTradingFees). Signed and weighed as the /api/v3 routes are (a read key is enough),
 * answered in Binance's shapes and errors.
 */
function binanceSapiRoutes(app: FastifyInstance, ctx: AppContext, keys: ApiKeyReader): void {
  declareAccess(app, 'public', ctx.guards);
  registerBinanceErrorHandler(app);
  registerSignedFormBody(app);
  const weights = createRequestWeights(ctx);
  app.addHook('onClose', async () => weights.close());
  app.get('/asset/tradeFee', async (request, reply) => {
    const params = Object.fromEntries(signedRequestParams(request));
    weights.spend(request, reply, TRADE_FEE_WEIGHT);
    const caller = await authenticateSignedRequest(ctx, request, { permission: 'read', keys });
    weights.spendKey(reply, TRADE_FEE_WEIGHT, caller.keyId);
    return tradeFees(marketsOf(parseParams(tradeFeeParamsSchema, params)));
  });
}

/** The wallet API as a plugin for the composition root to mount at /sapi/v1. */
export function binanceSapiScope(ctx: AppContext, keys: ApiKeyReader) {
  return async (scope: FastifyInstance) => binanceSapiRoutes(scope, ctx, keys);
}
