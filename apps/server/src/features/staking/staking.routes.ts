import {
  createStakeRequestSchema,
  messages,
  stakeActionRequestSchema,
  stakeActionResponseSchema,
  stakeOptionsResponseSchema,
  stakesQuerySchema,
  stakesResponseSchema,
  stakeWalletResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { createIdempotencyHooks, idempotentContext } from '../../platform/idempotency';
import { closeStake } from './close-stake';
import { createStake } from './create-stake';
import { restake } from './restake';
import { stakeExportRoutes } from './stake-export.routes';
import { stakeOptionView, stakeView } from './stake-view';
import { listStakeOptions, listUserStakes } from './staking.repository';

/** KYC scope: stake options, the user's stakes, and creating, closing and restaking stakes. */
export function stakingKycRoutes(app: ZodApi, ctx: AppContext): void {
  stakeExportRoutes(app, ctx);
  const idempotent = createIdempotencyHooks(ctx.db);

  app.get('/stake/options', { schema: { response: { 200: stakeOptionsResponseSchema } } }, async () => {
    const options = await listStakeOptions(ctx.db);
    return { status: true, message: messages.stakeOptionsLoaded, data: options.map(stakeOptionView) };
  });

  app.get(
    '/stake/user/all',
    { schema: { querystring: stakesQuerySchema, response: { 200: stakesResponseSchema } } },
    async (request) => {
      const { page, limit, search } = request.query;
      const { rows, total } = await listUserStakes(ctx.db, sessionOf(request).userId, {
        page,
        limit,
        search,
      });
      const now = ctx.clock.now();
      return {
        status: true,
        message: messages.stakesLoaded,
        data: rows.map((row) => stakeView(row, now)),
        total,
        page,
        limit,
      };
    },
  );

  app.post(
    '/stake/create',
    {
      schema: { body: createStakeRequestSchema, response: { 200: stakeWalletResponseSchema } },
      ...idempotent,
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      await createStake(idempotentContext(request, ctx), userId, request.body);
      return { status: true, message: messages.stakeCreated, data: { wallet: await ctx.walletOf(userId) } };
    },
  );

  app.post(
    '/stake/close',
    {
      schema: { body: stakeActionRequestSchema, response: { 200: stakeActionResponseSchema } },
      ...idempotent,
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const stake = await closeStake(idempotentContext(request, ctx), userId, request.body.stake_id.trim());
      return {
        status: true,
        message: messages.stakeCloseSuccess,
        data: { stake: stakeView(stake, ctx.clock.now()), wallet: await ctx.walletOf(userId) },
      };
    },
  );

  app.post(
    '/stake/re-stake',
    {
      schema: { body: stakeActionRequestSchema, response: { 200: stakeActionResponseSchema } },
      ...idempotent,
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const stake = await restake(idempotentContext(request, ctx), userId, request.body.stake_id.trim());
      return {
        status: true,
        message: messages.restakeSuccess,
        data: { stake: stakeView(stake, ctx.clock.now()), wallet: await ctx.walletOf(userId) },
      };
    },
  );
}
