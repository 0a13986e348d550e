import {
  addUsdRequestSchema,
  addUsdResponseSchema,
  createDepositOrderRequestSchema,
  depositOrderResponseSchema,
  messageEnvelope,
  messages,
  sandboxOrderParamsSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { createIdempotencyHooks, idempotentContext } from '../../platform/idempotency';
import { perUserBudget, perUserLimit } from '../../platform/user-rate-limit';
import { approveSandboxOrder } from './approve-sandbox-order';
import { chargeBackSandboxOrder } from './charge-back-sandbox-order';
import { confirmDeposit } from './confirm-deposit';
import { createDepositOrder } from './create-deposit-order';
import { declineSandboxOrder } from './decline-sandbox-order';
import { depositOrderView } from './deposit-order-view';
import { handlePaypalWebhook } from './handle-paypal-webhook';
import type { PaymentProvider } from './payment-provider';

/** KYC scope: open a deposit order, and capture and credit it once the buyer approved. */
export function depositKycRoutes(app: ZodApi, ctx: AppContext, provider: PaymentProvider): void {
  const idempotent = createIdempotencyHooks(ctx.db);

  app.post(
    '/wallet/deposits/orders',
    {
      schema: { body: createDepositOrderRequestSchema, response: { 200: depositOrderResponseSchema } },
      // Each order is a PayPal request and a stored row: a budget per user per hour.
      config: perUserBudget(ctx.config.depositOrderLimitPerHour, 60 * 60 * 1000, messages.depositOrderLimit),
      ...idempotent,
    },
    async (request) => {
      const order = await createDepositOrder(
        idempotentContext(request, ctx).db,
        provider,
        sessionOf(request).userId,
        request.body,
      );
      return {
        status: true,
        message: messages.depositOrderCreated,
        data: { order: depositOrderView(order) },
      };
    },
  );

  app.post(
    '/wallet/fiat/add/usd/amount',
    {
      schema: {
        body: addUsdRequestSchema,
        response: { 200: addUsdResponseSchema, 202: addUsdResponseSchema },
      },
      ...idempotent,
    },
    async (request, reply) => {
      const userId = sessionOf(request).userId;
      const outcome = await confirmDeposit(idempotentContext(request, ctx), provider, userId, request.body);
      const wallet = await ctx.walletOf(userId);
      if (outcome === 'pending')
        return reply.code(202).send({ status: true, message: messages.depositPending, data: { wallet } });
      return { status: true, message: messages.depositSuccessful, data: { wallet } };
    },
  );
}

/** Signed-in scope, sandbox provider only: the buyer's approve and decline at the "provider", and a chargeback. */
export function depositSandboxRoutes(app: ZodApi, ctx: AppContext): void {
  if (ctx.config.paymentProvider !== 'sandbox') return;
  const idempotent = createIdempotencyHooks(ctx.db);
  const schema = { params: sandboxOrderParamsSchema, response: { 200: depositOrderResponseSchema } };

  app.post('/wallet/deposits/sandbox/:orderId/approve', { schema, ...idempotent }, async (request) => {
    const order = await approveSandboxOrder(
      idempotentContext(request, ctx).db,
      sessionOf(request).userId,
      request.params.orderId,
    );
    return { status: true, message: messages.depositApproved, data: { order: depositOrderView(order) } };
  });

  app.post('/wallet/deposits/sandbox/:orderId/decline', { schema, ...idempotent }, async (request) => {
    const order = await declineSandboxOrder(
      idempotentContext(request, ctx).db,
      sessionOf(request).userId,
      request.params.orderId,
    );
    return { status: true, message: messages.depositDeclined, data: { order: depositOrderView(order) } };
  });

  // The payer's bank takes a credited deposit back, as a PayPal chargeback would (issue 35).
  app.post('/wallet/deposits/sandbox/:orderId/charge-back', { schema, ...idempotent }, async (request) => {
    const order = await chargeBackSandboxOrder(
      idempotentContext(request, ctx),
      sessionOf(request).userId,
      request.params.orderId,
    );
    return { status: true, message: messages.depositChargedBack, data: { order: depositOrderView(order) } };
  });
}

/** Open scope, PayPal only: webhook deliveries, read as raw text so the signature check sees what was signed. */
export function paymentWebhookRoutes(app: ZodApi, ctx: AppContext, provider: PaymentProvider): void {
  if (ctx.config.paymentProvider !== 'paypal') return;
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 262_144 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/payments/paypal/webhook',
      {
        schema: { response: { 200: messageEnvelope } },
        // Each delivery costs a verification call to PayPal: a budget per sending network keeps a
        // flood of forged deliveries from spending it (PayPal retries a refused delivery later).
        config: perUserLimit(ctx.config.webhookLimitPerMinute),
      },
      async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const outcome = await handlePaypalWebhook(ctx, provider, { headers: request.headers, rawBody });
        return { status: true, message: outcome };
      },
    );
  });
}
