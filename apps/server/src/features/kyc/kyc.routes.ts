import {
  kycCreateRequestSchema,
  kycCreateResponseSchema,
  kycGetResponseSchema,
  messages,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { latestKycOf } from './kyc.repository';
import { toKycRecord } from './kyc-view';
import { submitKyc } from './submit-kyc';

/** Signed-in scope: a customer submits KYC and reads their latest submission. */
export function kycUserRoutes(app: ZodApi, ctx: AppContext): void {
  app.post(
    '/kyc/create',
    { schema: { body: kycCreateRequestSchema, response: { 200: kycCreateResponseSchema } } },
    async (request) => {
      const row = await submitKyc(ctx, sessionOf(request).userId, request.body);
      return { status: true, message: messages.kycSubmitted, data: toKycRecord(row) };
    },
  );

  app.get('/kyc/', { schema: { response: { 200: kycGetResponseSchema } } }, async (request) => {
    const row = await latestKycOf(ctx.db, sessionOf(request).userId);
    return { status: true, message: messages.kycLoaded, data: row ? toKycRecord(row) : null };
  });
}
