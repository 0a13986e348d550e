import {
  adminAuditLogRequestSchema,
  adminAuditLogResponseSchema,
  auditLogCsvCells,
  auditLogCsvHeader,
  exportPath,
  messages as m,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sendKeysetCsv } from '../../platform/csv-export';
import { type AuditLogRow, auditLogAfter, auditLogCursor, listAuditLog } from './audit-log.repository';
import { toAuditLogItem } from './audit-log-view';

/** Admin scope: the audit log, a page at a time, and as a CSV file with the same filters and sort. */
export function auditLogRoutes(app: ZodApi, ctx: AppContext): void {
  app.post(
    '/admin/audit-log',
    { schema: { body: adminAuditLogRequestSchema, response: { 200: adminAuditLogResponseSchema } } },
    async (request) => {
      const query = request.body;
      const { rows, total } = await listAuditLog(ctx.db, query);
      return {
        status: true,
        message: m.auditLogLoaded,
        data: { content: rows.map(toAuditLogItem), total, page: query.page, limit: query.limit },
      };
    },
  );

  app.get(
    exportPath('/admin/audit-log'),
    { schema: { querystring: adminAuditLogRequestSchema } },
    async (request, reply) => {
      const query = request.query;
      return sendKeysetCsv<AuditLogRow>(
        reply,
        ctx,
        {
          name: 'audit-log',
          header: auditLogCsvHeader,
          cells: (row) => auditLogCsvCells(toAuditLogItem(row)),
        },
        (tx, after, limit) => auditLogAfter(tx, query, after, limit),
        (row) => auditLogCursor(query, row),
      );
    },
  );
}
