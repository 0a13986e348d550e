import {
  messages as m,
  messageEnvelope,
  nftAdminListRequestSchema,
  nftAdminListResponseSchema,
  nftBuyRequestSchema,
  nftBuyResponseSchema,
  nftDetailResponseSchema,
  nftIdRequestSchema,
  nftItemResponseSchema,
  nftListForSaleRequestSchema,
  nftListResponseSchema,
  nftMarketplaceRequestSchema,
  nftMineRequestSchema,
  nftSalesResponseSchema,
  nftSendOutRequestSchema,
  nftStatusRequestSchema,
  UPLOAD_MAX_BYTES,
  uploadedFileParamsSchema,
} from '@exchange/contracts';
import multipart from '@fastify/multipart';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { createIdempotencyHooks, idempotentContext } from '../../platform/idempotency';
import { createJobSlots } from '../../platform/job-slots';
import { findUpload, storageKeyOf } from '../uploads/uploads.repository';
import { buyNft } from './buy-nft';
import { listNftForSale, withdrawNftFromSale } from './change-nft-listing';
import { createNft } from './create-nft';
import { getNftDetail } from './get-nft-detail';
import { listMyNfts, listNftMarketplace, listNftSales, listNftsForAdmin } from './list-nfts';
import { nftChainOf } from './nft-chain';
import { sendNftToWallet } from './send-nft-to-wallet';
import { updateNftStatus } from './update-nft-status';

/** Open scope: an item's image (its artwork is public, as on any marketplace). */
export function nftPublicRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/nft/image/:filename',
    { schema: { params: uploadedFileParamsSchema } },
    async (request, reply) => {
      const upload = await findUpload(ctx.db, 'NFT_IMAGE', request.params.filename);
      const bytes = upload ? await ctx.storage.get(storageKeyOf('NFT_IMAGE', upload.filename)) : null;
      if (!upload || !bytes) throw new AppError('not_found', m.nftNotFound);
      // Names are random and never reused, so an image can be cached for good.
      return reply
        .header('content-type', upload.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}

/** Signed-in scope: browsing the marketplace, an item's details and the caller's own items. */
export function nftUserRoutes(app: ZodApi, ctx: AppContext): void {
  app.post(
    '/users/getAllNftMarketPlace',
    { schema: { body: nftMarketplaceRequestSchema, response: { 200: nftListResponseSchema } } },
    async (request) => {
      const { page, limit } = request.body;
      const data = await listNftMarketplace(ctx.db, sessionOf(request).userId, request.body);
      return { status: true, message: m.nftListLoaded, data: { ...data, page, limit } };
    },
  );

  app.post(
    '/nftDetailById',
    { schema: { body: nftIdRequestSchema, response: { 200: nftDetailResponseSchema } } },
    async (request) => {
      const data = await getNftDetail(ctx, sessionOf(request), request.body.id);
      return { status: true, message: m.nftDetailLoaded, data };
    },
  );

  app.post(
    '/nft/myNfts',
    { schema: { body: nftMineRequestSchema, response: { 200: nftListResponseSchema } } },
    async (request) => {
      const { page, limit } = request.body;
      const data = await listMyNfts(ctx.db, sessionOf(request).userId, request.body);
      return { status: true, message: m.nftListLoaded, data: { ...data, page, limit } };
    },
  );
}

/** KYC scope: buying, listing for sale and withdrawing from sale (money flows, KYC-verified only). */
export function nftKycRoutes(app: ZodApi, ctx: AppContext): void {
  const idempotent = createIdempotencyHooks(ctx.db);

  app.post(
    '/nft/buy',
    { schema: { body: nftBuyRequestSchema, response: { 200: nftBuyResponseSchema } }, ...idempotent },
    async (request) => {
      const session = sessionOf(request);
      await buyNft(idempotentContext(request, ctx), session.userId, request.body);
      const item = await getNftDetail(ctx, session, request.body.id);
      return {
        status: true,
        message: m.nftBought,
        data: { item, wallet: await ctx.walletOf(session.userId) },
      };
    },
  );

  app.post(
    '/nft/listForSale',
    { schema: { body: nftListForSaleRequestSchema, response: { 200: nftItemResponseSchema } } },
    async (request) => {
      const session = sessionOf(request);
      await listNftForSale(ctx, session.userId, request.body);
      return { status: true, message: m.nftListed, data: await getNftDetail(ctx, session, request.body.id) };
    },
  );

  app.post(
    '/nft/withdrawFromSale',
    { schema: { body: nftIdRequestSchema, response: { 200: nftItemResponseSchema } } },
    async (request) => {
      const session = sessionOf(request);
      await withdrawNftFromSale(ctx, session.userId, request.body);
      return {
        status: true,
        message: m.nftWithdrawn,
        data: await getNftDetail(ctx, session, request.body.id),
      };
    },
  );

  app.post(
    '/nft/sendToWallet',
    { schema: { body: nftSendOutRequestSchema, response: { 200: nftItemResponseSchema } } },
    async (request) => {
      const session = sessionOf(request);
      const nft = nftChainOf(ctx.config, ctx.chainSender);
      await sendNftToWallet(ctx, nft, session.userId, request.body);
      return {
        status: true,
        message: m.nftSendOutStarted,
        data: await getNftDetail(ctx, session, request.body.id),
      };
    },
  );
}

/** Admin scope: creating items (form data with the image), showing or hiding them, and the lists. */
export function nftAdminRoutes(app: ZodApi, ctx: AppContext): void {
  const { imageJobs, jobWaitMs } = ctx.config.uploadLimits;
  const slots = createJobSlots({
    max: imageJobs,
    maxWaitMs: jobWaitMs,
    maxWaiting: imageJobs * 8,
    busy: () => new AppError('server_busy'),
  });
  app.register(async (scope) => {
    await scope.register(multipart, {
      preservePath: true,
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 6, fieldSize: 4096, parts: 8, headerPairs: 50 },
    });
    scope.post(
      '/admin/createNft',
      { schema: { response: { 200: nftItemResponseSchema } } },
      async (request) => {
        const session = sessionOf(request);
        const id = await createNft(ctx, slots, session.userId, request);
        return { status: true, message: m.nftCreated, data: await getNftDetail(ctx, session, id) };
      },
    );
  });

  app.post(
    '/updateContentStatus',
    { schema: { body: nftStatusRequestSchema, response: { 200: messageEnvelope } } },
    async (request) => {
      await updateNftStatus(ctx, sessionOf(request).userId, request.body);
      return { status: true, message: m.nftStatusUpdated };
    },
  );

  app.post(
    '/admin/nftList',
    { schema: { body: nftAdminListRequestSchema, response: { 200: nftAdminListResponseSchema } } },
    async (request) => {
      const { page, limit } = request.body;
      const data = await listNftsForAdmin(ctx.db, request.body);
      return { status: true, message: m.nftListLoaded, data: { ...data, page, limit } };
    },
  );

  app.post(
    '/admin/nftSales',
    { schema: { body: nftAdminListRequestSchema, response: { 200: nftSalesResponseSchema } } },
    async (request) => {
      const { page, limit } = request.body;
      const data = await listNftSales(ctx.db, request.body);
      return { status: true, message: m.nftSalesLoaded, data: { ...data, page, limit } };
    },
  );
}
