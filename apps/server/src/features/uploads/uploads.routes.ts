import {
  messages,
  UPLOAD_MAX_BYTES,
  type UploadType,
  uploadedFileParamsSchema,
  uploadResponseSchema,
} from '@exchange/contracts';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { createJobSlots } from '../../platform/job-slots';
import { readImagePart } from './read-image-part';
import { storeImage } from './store-image';
import { admitUpload, chargeUpload } from './upload-allowance';
import { findUpload, storageKeyOf } from './uploads.repository';

/** Signed-in scope: the two image uploads, and KYC documents read back by their owner or an admin. */
export function uploadUserRoutes(app: ZodApi, ctx: AppContext): void {
  // This process's image decoders (UPLOAD_IMAGE_JOBS); a burst waits in line, for a bounded time.
  const { imageJobs, jobWaitMs } = ctx.config.uploadLimits;
  const slots = createJobSlots({
    max: imageJobs,
    maxWaitMs: jobWaitMs,
    maxWaiting: imageJobs * 8,
    busy: () => new AppError('server_busy', messages.uploadBusy),
  });
  app.register(async (scope) => {
    // Multipart only here; a second file is let through so it can be refused by name, not by count,
    // and the client's file name is kept whole (busboy would cut it to its base name) so path
    // tricks in it can be seen and refused.
    await scope.register(multipart, {
      preservePath: true,
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 4, fieldSize: 256, parts: 6, headerPairs: 50 },
    });
    const routes: ReadonlyArray<[string, UploadType]> = [
      ['/upload/image/kyc-doc', 'KYC_DOC'],
      ['/upload/image/profile-image', 'PROFILE_IMAGE'],
    ];
    for (const [url, type] of routes) {
      scope.post(url, { schema: { response: { 200: uploadResponseSchema } } }, async (request) => {
        const { userId } = sessionOf(request);
        await admitUpload(ctx, userId);
        const raw = await readImagePart(request, type);
        await chargeUpload(ctx, userId, raw.length);
        const file = await storeImage(ctx, slots, userId, type, raw);
        return { status: true, message: messages.uploadSuccess, data: { file } };
      });
    }
  });

  app.get(
    '/kyc/document/:filename',
    { schema: { params: uploadedFileParamsSchema } },
    async (request, reply) => {
      const session = sessionOf(request);
      const upload = await findUpload(ctx.db, 'KYC_DOC', request.params.filename);
      // Someone else's document answers exactly like a missing one, so names cannot be probed.
      if (!upload || (upload.userId !== session.userId && session.role !== 'ADMIN'))
        throw new AppError('not_found', messages.fileNotFound);
      return sendStored(ctx, reply, 'KYC_DOC', upload.filename, upload.contentType, 'private, no-store');
    },
  );
}

/** Open scope: profile pictures are public. */
export function uploadPublicRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/upload/profile-image/:filename',
    { schema: { params: uploadedFileParamsSchema } },
    async (request, reply) => {
      const upload = await findUpload(ctx.db, 'PROFILE_IMAGE', request.params.filename);
      if (!upload) throw new AppError('not_found', messages.fileNotFound);
      // Names are random and never reused, so a picture can be cached for good.
      return sendStored(
        ctx,
        reply,
        'PROFILE_IMAGE',
        upload.filename,
        upload.contentType,
        'public, max-age=31536000, immutable',
      );
    },
  );
}

async function sendStored(
  ctx: AppContext,
  reply: FastifyReply,
  kind: UploadType,
  filename: string,
  contentType: string,
  cacheControl: string,
) {
  const bytes = await ctx.storage.get(storageKeyOf(kind, filename));
  if (!bytes) throw new AppError('not_found', messages.fileNotFound);
  return reply
    .header('content-type', contentType)
    .header('cache-control', cacheControl)
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
