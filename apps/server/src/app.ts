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
import {
  depositKycRoutes,
  depositSandboxRoutes,
  paymentWebhookRoutes,
} from './features/deposits/deposits.routes';
import { devMailboxRoutes } from './features/dev/dev.routes';
import { healthRoutes } from './features/health/health.routes';
import { ledgerAdminRoutes } from './features/ledger/ledger.routes';
import { marketDataRoutes } from './features/market-data/market-data.routes';
import { registerTickerChannel } from './features/market-data/ticker-channel';
import { newsletterRoutes } from './features/newsletter/newsletter.routes';
import { stakeRedemptionJob } from './features/staking/redeem-stakes';
import { stakingKycRoutes } from './features/staking/staking.routes';
import { tradingKycRoutes, tradingPublicRoutes, tradingUserRoutes } from './features/trading/trading.routes';
import { createTradingRuntime } from './features/trading/trading-runtime';
import { walletRoutes } from './features/wallet/wallet.routes';
import type { AppContext, ZodApi } from './platform/app-context';
import { registerErrorHandler, registerNotFoundHandler } from './platform/errors';
import { createPgListener } from './platform/pg-listener';
import { createScheduler } from './platform/scheduled-jobs';
import { createWsHub, realtimeRoutes } from './platform/ws-hub';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(ctx: AppContext): Promise<ZodApi> {
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
  // Limits are per route (auth routes set their own); injected test requests may have no socket address.
  await app.register(rateLimit, { global: false, keyGenerator: (request) => request.ip ?? 'local' });
  await app.register(websocket, { options: { maxPayload: 16_384 } });
  // Live updates: one hub per process; other processes' updates arrive through PostgreSQL LISTEN.
  const listener = createPgListener(ctx.database.pool, ctx.logger);
  const hub = createWsHub({ tokens: ctx.tokens, clock: ctx.clock, logger: ctx.logger });
  registerTickerChannel(hub, listener, ctx.logger);
  // One serial matching loop per market and the house's quotes; books are rebuilt from open orders.
  const trading = createTradingRuntime(ctx, hub, listener);
  app.addHook('onReady', () => listener.start());
  app.addHook('onReady', () => trading.start());
  app.addHook('onClose', () => trading.stop());
  // Periodic work that must run in exactly one process (each job leads by an advisory lock).
  const scheduler = createScheduler({ pool: ctx.database.pool, logger: ctx.logger, clock: ctx.clock });
  scheduler.schedule(stakeRedemptionJob(ctx));
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
        paymentWebhookRoutes(scope, ctx);
        if (config.devMailbox) devMailboxRoutes(scope, ctx);
      });
      // Signed-in users.
      await api.register(async (scope) => {
        scope.addHook('onRequest', ctx.guards.requireUser);
        authUserRoutes(scope, ctx);
        walletRoutes(scope, ctx);
        depositSandboxRoutes(scope, ctx);
        tradingUserRoutes(scope, ctx);
      });
      // Signed-in, KYC-verified users.
      await api.register(async (scope) => {
        scope.addHook('onRequest', ctx.guards.requireKyc);
        depositKycRoutes(scope, ctx);
        tradingKycRoutes(scope, ctx, trading);
        stakingKycRoutes(scope, ctx);
      });
      // Administrators.
      await api.register(async (scope) => {
        scope.addHook('onRequest', ctx.guards.requireAdmin);
        ledgerAdminRoutes(scope, ctx);
      });
    },
    { prefix: '/api/v1' },
  );

  // The built web app on the same port; unknown non-API paths fall back to the SPA's index.html.
  const webDist = config.webDist ?? defaultWebDist;
  const serveWeb = existsSync(webDist);
  if (serveWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false });
  registerNotFoundHandler(app, serveWeb);
  return app;
}
