import {
  listQuerySchema,
  messages,
  referralListResponseSchema,
  referralSummaryResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { getReferralSummary } from './get-referral-summary';
import { listReferrals } from './list-referrals';
import { referralExportRoutes } from './referral-export.routes';

/** Signed-in scope: the user's referral totals and the referrals they made (the spec spells it 'referal'). */
export function referralRoutes(app: ZodApi, ctx: AppContext): void {
  referralExportRoutes(app, ctx);
  app.get(
    '/referal/getReferralByUser',
    { schema: { response: { 200: referralSummaryResponseSchema } } },
    async (request) => {
      const data = await getReferralSummary(ctx, sessionOf(request).userId);
      return { status: true, message: messages.referralSummaryLoaded, data };
    },
  );

  app.get(
    '/referal/getReferralList',
    { schema: { querystring: listQuerySchema, response: { 200: referralListResponseSchema } } },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listReferrals(ctx, sessionOf(request).userId, request.query);
      return { status: true, message: messages.referralListLoaded, data: items, total, page, limit };
    },
  );
}
