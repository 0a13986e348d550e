import {
  adminCreateReserveReportRequestSchema,
  messages as m,
  reserveProofResponseSchema,
  reserveReportIdParamsSchema,
  reserveReportListRequestSchema,
  reserveReportListResponseSchema,
  reserveReportResponseSchema,
} from '@exchange/contracts';
import { parseDecimal } from '@exchange/domain';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { getReserveProof } from './get-reserve-proof';
import { makeReserveReport, type ReserveProvers } from './make-reserve-report';
import { reportSummaryView, reportView } from './reserve-views';
import { findReport, listReports } from './reserves.repository';

/** Public: the reports, newest first, and one report with its address proofs. No customer data. */
export function reservesPublicRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/reserves/reports',
    {
      schema: {
        querystring: reserveReportListRequestSchema,
        response: { 200: reserveReportListResponseSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listReports(ctx.db, page, limit);
      return {
        status: true,
        message: m.reservesReportsLoaded,
        data: { content: rows.map(reportSummaryView), total, page, limit },
      };
    },
  );
  app.get(
    '/reserves/reports/:id',
    { schema: { params: reserveReportIdParamsSchema, response: { 200: reserveReportResponseSchema } } },
    async (request) => {
      const row = await findReport(ctx.db, request.params.id);
      if (!row) throw new AppError('not_found', m.reservesReportNotFound);
      return { status: true, message: m.reservesReportLoaded, data: reportView(row) };
    },
  );
}

/** Signed-in: the caller's own leaf and path in a report (the session names whose). */
export function reservesUserRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    '/reserves/reports/:id/my-proof',
    { schema: { params: reserveReportIdParamsSchema, response: { 200: reserveProofResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.reservesProofLoaded,
      data: await getReserveProof(ctx, sessionOf(request).userId, request.params.id),
    }),
  );
}

/** Admin: a report now (audited), optionally with the operator's statement of USD at the provider. */
export function reservesAdminRoutes(app: ZodApi, ctx: AppContext, provers: ReserveProvers): void {
  app.post(
    '/admin/reserves/reports',
    {
      schema: { body: adminCreateReserveReportRequestSchema, response: { 200: reserveReportResponseSchema } },
    },
    async (request) => {
      const usdStatement = request.body.usd_statement;
      if (usdStatement !== undefined && parseDecimal(usdStatement, 2) === null)
        throw new AppError('validation_failed', 'The USD statement has at most two decimals');
      const row = await makeReserveReport(ctx, provers, {
        trigger: 'ADMIN',
        adminId: sessionOf(request).userId,
        usdStatement,
      });
      return { status: true, message: m.reservesReportCreated, data: reportView(row) };
    },
  );
}
