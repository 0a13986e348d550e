import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authPublicRoutes, authUserRoutes } from './features/auth/auth.routes';
import { createPaymentProvider } from './features/deposits/create-payment-provider';
import {
  depositKycRoutes,
  depositSandboxRoutes,
  paymentWebhookRoutes,
} from './features/deposits/deposits.routes';
import { devMailboxRoutes } from './features/dev/dev.routes';
import { healthRoutes } from './features/health/health.routes';
import { pruneExpiredRowsJob } from './features/housekeeping/prune-expired';
import { kycAdminRoutes } from './features/kyc/admin-kyc.routes';
import { kycUserRoutes } from './features/kyc/kyc.routes';
import { ledgerAdminRoutes } from './features/ledger/ledger.routes';
import { marketDataRoutes } from './features/market-data/market-data.routes';
import { registerTickerChannel } from './features/market-data/ticker-channel';
import { newsletterRoutes } from './features/newsletter/newsletter.routes';
import { p2pKycRoutes } from './features/p2p/p2p.routes';
import { creditReferralReward } from './features/referrals/credit-referral-reward';
import { referralRoutes } from './features/referrals/referrals.routes';
import { stakeRedemptionJob } from './features/staking/redeem-stakes';
import { stakingKycRoutes } from './features/staking/staking.routes';
import { supportAdminRoutes, supportUserRoutes } from './features/support/support.routes';
import { swapKycRoutes } from './features/swap/swap.routes';
import { tradingKycRoutes, tradingPublicRoutes, tradingUserRoutes } from './features/trading/trading.routes';
import { createTradingRuntime, type TradingRuntime } from './features/trading/trading-runtime';
import { uploadPublicRoutes, uploadUserRoutes } from './features/uploads/uploads.routes';
import { walletRoutes } from './features/wallet/wallet.routes';
import { PRODUCT_HOLD_SOURCES } from './hold-sources';
import type { AppContext, ZodApi } from './platform/app-context';
import { clientNetwork } from './platform/client-address';
import { pgRateLimitStore } from './platform/counters';
import { registerErrorHandler, registerNotFoundHandler } from './platform/errors';
import { createPgListener } from './platform/pg-listener';
import { createScheduler } from './platform/scheduled-jobs';
import { createWsHub, realtimeRoutes } from './platform/ws-hub';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The built app and the long-lived parts it runs, for the process that starts it and for tests. */
export interface BuiltApp {
  readonly app: ZodApi;
  readonly trading: TradingRuntime;
}

export async function buildApp(base: AppContext): Promise<BuiltApp> {
  // A KYC approval pays the referrer's reward inside the approval's own transaction.
  const ctx: AppContext = {
    ...base,
    kycApprovalEffects: [
      ...(base.kycApprovalEffects ?? []),
      async (tx, userId) => {
        await creditReferralReward(tx, userId);
      },
    ],
  };
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  // Limits are per route (auth routes set their own), counted in PostgreSQL so every process shares
  // them, per client network (an IPv6 /64 is one client); injected test requests may have no address.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientNetwork(request.ip),
    store: pgRateLimitStore(ctx.db, ctx.clock),
  });
  await app.register(websocket, { options: { maxPayload: 16_384 } });
  // Live updates: one hub per process; other processes' updates arrive through PostgreSQL LISTEN.
  const listener = createPgListener(ctx.database.pool, ctx.logger);
  const hub = createWsHub({ tokens: ctx.tokens, clock: ctx.clock, logger: ctx.logger });
  registerTickerChannel(hub, listener, ctx.logger);
  // One serial matching loop per market and the house's quotes; books are rebuilt from open orders.
  const trading = createTradingRuntime(ctx, hub, listener);
  // One payment provider per app (PayPal's access token is cached in it).
  const paymentProvider = createPaymentProvider(ctx);
  app.addHook('onReady', () => listener.start());
  app.addHook('onReady', () => trading.start());
  app.addHook('onClose', () => trading.stop());
  // Periodic work that must run in exactly one process (each job leads by an advisory lock).
  const scheduler = createScheduler({ pool: ctx.database.pool, logger: ctx.logger, clock: ctx.clock });
  scheduler.schedule(stakeRedemptionJob(ctx));
  scheduler.schedule(pruneExpiredRowsJob(ctx));
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
  app.addHook('onClose', async () => {
    hub.close();
    await listener.close();
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Exchange API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      // Open to everyone.
      await api.register(async (scope) => {
        healthRoutes(scope, ctx);
        authPublicRoutes(scope, ctx);
        realtimeRoutes(scope, hub);
        marketDataRoutes(scope, ctx);
        newsletterRoutes(scope, ctx);
        tradingPublicRoutes(scope, ctx, trading);
        paymentWebhookRoutes(scope, ctx, paymentProvider);
        uploadPublicRoutes(scope, ctx);
        if (config.devMailbox) devMailboxRoutes(scope, ctx);
      });
      // Signed-in users.
      await api.register(async (scope) => {
        scope.addHook('onRequest', ctx.guards.requireUser);
        authUserRoutes(scope, ctx);
        walletRoutes(scope, ctx);
        depositSandboxRoutes(scope, ctx);
        tradingUserRoutes(scope, ctx);
        supportUserRoutes(scope, ctx);
        referralRoutes(scope, ctx);
        uploadUserRoutes(scope, ctx);
        kycUserRoutes(scope, ctx);
      });
      // Signed-in, KYC-verified users.
      await api.register(async (scope) => {
        scope.addHook('onRequest', ctx.guards.requireKyc);
        depositKycRoutes(scope, ctx, paymentProvider);
        tradingKycRoutes(scope, ctx, trading);
        swapKycRoutes(scope, ctx);
        p2pKycRoutes(scope, ctx);
        stakingKycRoutes(scope, ctx);
      });
      // Administrators.
      await api.register(async (scope) => {
        scope.addHook('onRequest', ctx.guards.requireAdmin);
        ledgerAdminRoutes(scope, ctx, PRODUCT_HOLD_SOURCES);
        supportAdminRoutes(scope, ctx);
        kycAdminRoutes(scope, ctx);
      });
    },
    { prefix: '/api/v1' },
  );

  // The built web app on the same port; unknown non-API paths fall back to the SPA's index.html.
  const webDist = config.webDist ?? defaultWebDist;
  const serveWeb = existsSync(webDist);
  if (serveWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false });
  registerNotFoundHandler(app, serveWeb);
  return { app, trading };
}
