import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { securityRoutes } from './features/account-security/security.routes';
import { twoFactorUserRoutes } from './features/account-security/two-factor.routes';
import { adminAccessRoutes } from './features/admin-access/admin-access.routes';
import { adminOpsRoutes } from './features/admin-ops/admin-ops.routes';
import { adminUsersRoutes } from './features/admin-users/admin-users.routes';
import { userListExportRoutes } from './features/admin-users/user-list-export.routes';
import { apiKeyRevocation, createApiKeyCache } from './features/api-keys/api-key-cache';
import { apiKeyUserRoutes } from './features/api-keys/api-keys.routes';
import { revokeApiKey } from './features/api-keys/revoke-api-key';
import { auditLogRoutes } from './features/audit/audit-log.routes';
import { authPublicRoutes, authUserRoutes } from './features/auth/auth.routes';
import { revokeAllSignIns } from './features/auth/revoke-sign-ins';
import { binanceApiScope } from './features/binance-api/binance-api.routes';
import { binanceSapiScope } from './features/binance-api/binance-sapi.routes';
import { binanceStreamsScope, createBinanceStreams } from './features/binance-streams/binance-streams.routes';
import { createChainDeposits } from './features/chain-deposits/chain-deposits-runtime';
import { chainSenderOf } from './features/chain-sender/chain-sender';
import { createCustody } from './features/custody/custody-runtime';
import { debtAdminRoutes, debtUserRoutes } from './features/debts/debts.routes';
import { createPaymentProvider } from './features/deposits/create-payment-provider';
import {
  depositKycRoutes,
  depositSandboxRoutes,
  paymentWebhookRoutes,
} from './features/deposits/deposits.routes';
import { devMailboxRoutes } from './features/dev/dev.routes';
import { healthRoutes, metricsRoutes } from './features/health/health.routes';
import { pruneExpiredRowsJob } from './features/housekeeping/prune-expired';
import { createKyc } from './features/kyc/kyc-runtime';
import { registerBalanceEventBridge } from './features/ledger/balance-events';
import { ledgerAdminRoutes } from './features/ledger/ledger.routes';
import { ledgerCheckJob } from './features/ledger/ledger-check-job';
import { setHotAccountShards } from './features/ledger/post-entries';
import { marketDataRoutes } from './features/market-data/market-data.routes';
import { registerTickerChannel } from './features/market-data/ticker-channel';
import { newsletterRoutes } from './features/newsletter/newsletter.routes';
import { nftAdminRoutes, nftKycRoutes, nftPublicRoutes, nftUserRoutes } from './features/nft/nft.routes';
import { registerNftChainHandlers } from './features/nft/nft-chain-handlers';
import { p2pKycRoutes } from './features/p2p/p2p.routes';
import { creditReferralReward } from './features/referrals/credit-referral-reward';
import { getReferralSummary } from './features/referrals/get-referral-summary';
import { listReferrals } from './features/referrals/list-referrals';
import { recordReferral } from './features/referrals/record-referral';
import { referralRoutes } from './features/referrals/referrals.routes';
import { createReserves } from './features/reserves/reserves-runtime';
import { stakeRedemptionJob } from './features/staking/redeem-stakes';
import { stakingKycRoutes } from './features/staking/staking.routes';
import { supportAdminRoutes, supportUserRoutes } from './features/support/support.routes';
import { supportThreadAdminRoutes, supportThreadUserRoutes } from './features/support/support-thread.routes';
import { toTicketView } from './features/support/ticket-view';
import { swapKycRoutes } from './features/swap/swap.routes';
import { cancelOpenOrders } from './features/trading/cancel-open-orders';
import { tradingKycRoutes, tradingPublicRoutes, tradingUserRoutes } from './features/trading/trading.routes';
import { createTradingRuntime, type TradingRuntime } from './features/trading/trading-runtime';
import { uploadPublicRoutes, uploadUserRoutes } from './features/uploads/uploads.routes';
import { getWallet } from './features/wallet/get-wallet';
import { listUserWalletTransactions } from './features/wallet/list-wallet-transactions';
import { walletRoutes } from './features/wallet/wallet.routes';
import { createChainWithdrawals } from './features/withdrawals/coin-sends/chain-withdrawals-runtime';
import { createPayoutProvider } from './features/withdrawals/usd-payouts/payout-provider';
import { usdPayoutJob } from './features/withdrawals/usd-payouts/send-usd-payouts';
import {
  withdrawalAdminRoutes,
  withdrawalKycRoutes,
  withdrawalUserRoutes,
} from './features/withdrawals/withdrawals.routes';
import { PRODUCT_HOLD_SOURCES } from './hold-sources';
import { observeApp } from './observe-app';
import type { AppContext, PlatformContext, ZodApi } from './platform/app-context';
import { clientNetwork } from './platform/client-address';
import { pgRateLimitStore } from './platform/counters';
import { answerFrameworkError, registerErrorHandler } from './platform/errors';
import { guardMetrics, registerApiDocs } from './platform/exposure';
import { fastifyLogging } from './platform/logger';
import { createMetrics, type Metrics } from './platform/metrics';
import { createPgListener, type PgListener } from './platform/pg-listener';
import { responseSerializerCompiler } from './platform/response-serializer';
import {
  assertEveryRouteDeclaresAccess,
  declareAccess,
  type RouteTable,
  recordRoutes,
} from './platform/route-access';
import { createScheduler, type Scheduler } from './platform/scheduled-jobs';
import { securityHeadersFor } from './platform/security-headers';
import { bridgeSessionRevocations } from './platform/session-revocation';
import { registerWebApp } from './platform/web-app';
import { createWsHub, realtimeRoutes } from './platform/ws-hub';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The built app and the long-lived parts it runs, for the process that starts it and for tests. */
export interface BuiltApp {
  readonly app: ZodApi;
  /** The context the routes were given: the platform's, with the shared features wired in. */
  readonly ctx: AppContext;
  readonly trading: TradingRuntime;
  /** Every registered route with its declared access, for the security suite. */
  readonly routes: RouteTable;
  readonly metrics: Metrics;
  /** The jobs that run in one process only; tests tick them with `runOnce`. */
  readonly scheduler: Scheduler;
  /** The process's LISTEN connection (tests wait for it to catch up: test-app.ts). */
  readonly listener: PgListener;
  /**
   * Graceful stop, for SIGTERM: readiness turns false, the port stops accepting, in-flight requests
   * finish, sockets are closed with a reconnect hint (1012), the scheduled jobs and the matching loops
   * drain. The caller closes the database afterwards.
   */
  shutdown(): Promise<void>;
}

export async function buildApp(base: PlatformContext): Promise<BuiltApp> {
  const ctx: AppContext = {
    ...base,
    // Every money-moving answer carries the caller's wallet, read and valued by the wallet feature.
    walletOf: (userId) => getWallet(ctx, userId),
    // The product's own chain transactions (sweeps, withdrawals, mints): features enqueue, a job per chain sends.
    chainSender: chainSenderOf(base),
    // A KYC approval pays the referrer's reward in its own transaction (a flagged one only if confirmed).
    kycApprovalEffects: [
      ...(base.kycApprovalEffects ?? []),
      async (tx, userId, approval) => {
        await creditReferralReward(tx, userId, approval);
      },
    ],
    // A sign-up with a referral code records the referral (PENDING) in the sign-up's transaction.
    signUpEffects: [
      ...(base.signUpEffects ?? []),
      (tx, signedUp) => recordReferral(tx, base.config.referralReward, signedUp),
    ],
  };
  const { config } = ctx;
  setHotAccountShards(config.ledgerHotShards);
  const app = Fastify({
    ...fastifyLogging(ctx.logger, config.requestLog),
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1_048_576,
    frameworkErrors: answerFrameworkError,
    // Start-up loads every book and runs the first house-liquidity tick; on a loaded machine that
    // can pass Fastify's 10 s default, and a slow start is better than a process that never starts.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.responseCheck }));
  app.decorateRequest('session', null);
  registerErrorHandler(app);
  const routes = recordRoutes(app);

  // The security headers: helmet decides them once, here, and each request gets a finished set (the
  // same on every answer but the landing page opened directly: security-headers.ts). (@fastify/helmet
  // rebuilt helmet, CSP parsing included, on every request: about a third of a bare request's CPU.)
  const headersFor = securityHeadersFor();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request));
    done();
  });
  await app.register(cookie);
  // Limits are per route (auth routes set their own), counted in PostgreSQL so every process shares
  // them, per client network (an IPv6 /64 is one client); injected test requests may have no address.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientNetwork(request.ip),
    store: pgRateLimitStore(ctx.db, ctx.clock),
  });
  // Live updates: one hub per process; other processes' updates arrive through PostgreSQL LISTEN.
  const listener = createPgListener(ctx.database.pool, ctx.logger);
  const hub = createWsHub({
    tokens: ctx.tokens,
    clock: ctx.clock,
    logger: ctx.logger,
    verifySession: ctx.guards.liveSession,
    ...config.wsLimits,
  });
  // A revoked sign-in (logout, password change, disabled account) closes its sockets in every process.
  bridgeSessionRevocations(listener, hub, ctx.logger);
  // The API keys signed requests use, per process; a revoke, a disable or a KYC loss clears them.
  const apiKeys = createApiKeyCache(ctx, listener);
  await app.register(websocket, {
    options: { maxPayload: 16_384 },
    // On close, sockets get 1012 (service restart): clients reconnect, to another process behind the
    // proxy, and subscribe their channels again.
    preClose(done) {
      hub.close();
      binanceStreams.close();
      this.websocketServer.close();
      done();
    },
  });
  const metrics = createMetrics();
  let draining = false;
  registerTickerChannel(hub, listener, ctx.logger);
  // Every journal entry tells its users' sockets that their balances changed (the private 'user' channel).
  registerBalanceEventBridge(hub, listener, ctx.logger);
  // KYC, and the bridge that tells a customer's sockets about an admin's decision on it.
  const kyc = createKyc(ctx, hub, listener);
  // One serial matching loop per market and the house's quotes; books are rebuilt from open orders.
  const trading = createTradingRuntime(ctx, hub, listener);
  // Binance's market and user data streams (issue 48), fed by the same notifications as the hub.
  const binanceStreams = createBinanceStreams(ctx, trading, listener);
  // One payment provider per app (PayPal's access token is cached in it).
  const paymentProvider = createPaymentProvider(ctx);
  const chainDeposits = createChainDeposits(ctx, hub, listener);
  // Coin withdrawals: the chain sender's WITHDRAWAL handler, the sending job, the admin's hot wallet.
  const chainWithdrawals = createChainWithdrawals(ctx, ctx.chainSender);
  const custody = createCustody(ctx);
  // Periodic work that must run in exactly one process (each job leads by an advisory lock).
  const scheduler = createScheduler({ pool: ctx.database.pool, logger: ctx.logger, clock: ctx.clock });
  scheduler.schedule(stakeRedemptionJob(ctx));
  if (config.houseLiquidity) scheduler.schedule(trading.liquidityJob);
  scheduler.schedule(
    ledgerCheckJob(ctx, PRODUCT_HOLD_SOURCES, {
      report(check) {
        metrics.ledgerConsistent.set(check.consistent ? 1 : 0);
        metrics.ledgerCheckedAt.set(check.checkedAt.getTime() / 1000);
      },
    }),
  );
  scheduler.schedule(pruneExpiredRowsJob(ctx));
  for (const job of chainDeposits.jobs) scheduler.schedule(job);
  for (const job of custody.jobs) scheduler.schedule(job);
  for (const job of ctx.chainSender.jobs) scheduler.schedule(job);
  // NFT mints and transfers out end through the sender (features/nft/nft-chain-handlers.ts).
  registerNftChainHandlers(ctx, ctx.chainSender);
  // Approved USD withdrawals go to PayPal Payouts (the sandbox in embedded mode), one sender at a time.
  scheduler.schedule(usdPayoutJob(ctx, createPayoutProvider(ctx)));
  for (const job of [chainWithdrawals.job, ...chainWithdrawals.utxo.jobs]) scheduler.schedule(job);
  // Proof of reserves (issue 49): a report daily; tests make theirs by hand, not on every app's start.
  const reserves = createReserves(ctx);
  if (config.env !== 'test') scheduler.schedule(reserves.job);
  observeApp(ctx, metrics, { hub, scheduler, trading });
  // While draining, every answer closes its connection, so the close need not wait out keep-alive.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  // Start in order: notifications first (so nothing committed is missed), then the books, then jobs
  // that place orders. Stop in reverse: no new job run, the loops drain, then notifications stop.
  // The jobs' first runs (the house ladder, the ledger check) go on while the port opens rather than
  // before: they took seconds of every start, and on a loaded machine past fastify's 10 s limit for
  // a ready hook. A job's failure is logged by the scheduler and never rejects.
  app.addHook('onReady', async () => {
    await listener.start();
    await trading.start();
    binanceStreams.start();
    void scheduler.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await trading.stop();
    hub.close();
    await listener.close();
  });
  if (config.apiDocs) await registerApiDocs(app);

  await app.register(
    async (api) => {
      // Open to everyone.
      await api.register(async (scope) => {
        declareAccess(scope, 'public', ctx.guards);
        healthRoutes(scope, ctx, { draining: () => draining });
        authPublicRoutes(scope, ctx, apiKeyRevocation(apiKeys));
        realtimeRoutes(scope, hub);
        marketDataRoutes(scope, ctx);
        newsletterRoutes(scope, ctx);
        tradingPublicRoutes(scope, trading);
        paymentWebhookRoutes(scope, ctx, paymentProvider);
        uploadPublicRoutes(scope, ctx);
        nftPublicRoutes(scope, ctx);
        reserves.publicRoutes(scope);
        if (config.devMailbox) devMailboxRoutes(scope, ctx);
      });
      // Signed-in users.
      await api.register(async (scope) => {
        declareAccess(scope, 'user', ctx.guards);
        authUserRoutes(scope, ctx, apiKeyRevocation(apiKeys));
        twoFactorUserRoutes(scope, ctx, apiKeyRevocation(apiKeys));
        securityRoutes(scope, ctx, apiKeyRevocation(apiKeys));
        apiKeyUserRoutes(scope, ctx, apiKeys);
        walletRoutes(scope, ctx);
        chainDeposits.userRoutes(scope);
        debtUserRoutes(scope, ctx);
        withdrawalUserRoutes(scope, ctx);
        depositSandboxRoutes(scope, ctx);
        tradingUserRoutes(scope, ctx);
        supportUserRoutes(scope, ctx);
        supportThreadUserRoutes(scope, ctx);
        referralRoutes(scope, ctx);
        uploadUserRoutes(scope, ctx);
        kyc.userRoutes(scope);
        nftUserRoutes(scope, ctx);
        reserves.userRoutes(scope);
      });
      // Signed-in, KYC-verified users.
      await api.register(async (scope) => {
        declareAccess(scope, 'kyc', ctx.guards);
        depositKycRoutes(scope, ctx, paymentProvider);
        chainDeposits.kycRoutes(scope);
        tradingKycRoutes(scope, ctx, trading);
        swapKycRoutes(scope, ctx);
        p2pKycRoutes(scope, ctx);
        stakingKycRoutes(scope, ctx);
        withdrawalKycRoutes(scope, ctx, chainWithdrawals.utxo.wallets(ctx.chainSender));
        nftKycRoutes(scope, ctx);
      });
      // Administrators.
      await api.register(async (scope) => {
        declareAccess(scope, 'admin', ctx.guards);
        ledgerAdminRoutes(scope, ctx, PRODUCT_HOLD_SOURCES);
        supportAdminRoutes(scope, ctx);
        kyc.adminRoutes(scope);
        adminUsersRoutes(scope, ctx, {
          // Disabling an account ends its sign-ins and cancels its open orders on the markets' loops.
          revokeSignIns: revokeAllSignIns,
          // After the commit: this process's API key cache forgets the user's keys at once too.
          cancelOpenOrders: (userId) => {
            apiKeys.forgetUser(userId);
            return cancelOpenOrders(ctx, trading.engine, userId);
          },
          // A user's page shows their KYC, referrals and wallet history as those features show them.
          kycRecordsOf: kyc.recordsOf,
          referralSummaryOf: (userId) => getReferralSummary(ctx, userId),
          referralsOf: (userId, page) => listReferrals(ctx, userId, page),
          walletTransactionsOf: (userId, page) => listUserWalletTransactions(ctx.db, userId, page),
          revokeApiKeyOf: (userId, keyId) => revokeApiKey(ctx, userId, keyId, apiKeys),
        });
        adminOpsRoutes(scope, ctx, {
          holdSources: PRODUCT_HOLD_SOURCES,
          ticketView: toTicketView,
          chainLines: custody.solvencyLines,
        });
        debtAdminRoutes(scope, ctx);
        withdrawalAdminRoutes(scope, ctx);
        chainWithdrawals.adminRoutes(scope);
        nftAdminRoutes(scope, ctx);
        reserves.adminRoutes(scope);
        // Issue 46 points 6 and 7: the audit log's screen and the lists' CSV downloads.
        auditLogRoutes(scope, ctx);
        supportThreadAdminRoutes(scope, ctx);
        adminAccessRoutes(scope);
        userListExportRoutes(scope, ctx);
      });
    },
    { prefix: '/api/v1' },
  );
  // Every API route states who may call it; one registered outside the scopes above stops the start.
  assertEveryRouteDeclaresAccess(routes, '/api/v1');
  // Binance's spot REST API for programs and ccxt (issue 39): its own paths, API keys and error shape.
  await app.register(binanceApiScope(ctx, trading, apiKeys), { prefix: '/api/v3' });
  await app.register(binanceSapiScope(ctx, apiKeys), { prefix: '/sapi/v1' });
  await app.register(binanceStreamsScope(ctx, binanceStreams, apiKeys));
  await app.register(async (scope) => {
    guardMetrics(scope, config);
    metricsRoutes(scope, metrics);
  });

  // The built web app on the same port; unknown non-API paths fall back to the SPA's pages.
  await registerWebApp(app, config.webDist ?? defaultWebDist);
  return {
    app,
    ctx,
    trading,
    routes,
    metrics,
    scheduler,
    listener,
    async shutdown() {
      draining = true;
      await app.close();
    },
  };
}
