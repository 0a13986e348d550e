import { adminDebtListRequestSchema, exportPath } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sendKeysetCsv } from '../../platform/csv-export';
import { toDebtItem } from './debt-views';
import { type DebtListRow, debtListCursor, debtsAfter } from './debts.repository';

const header = [
  'created_utc',
  'customer',
  'email',
  'asset',
  'amount',
  'reason',
  'order_id',
  'status',
  'settlement',
  'settled_utc',
  'settled_by',
  'id',
];

function cells(row: DebtListRow) {
  const debt = toDebtItem(row);
  return [
    debt.createdAt,
    debt.user.name,
    debt.user.email,
    debt.asset,
    debt.amount,
    debt.reason,
    debt.order_id,
    debt.status,
    debt.settlement,
    debt.settled_at,
    debt.settled_by?.email ?? null,
    debt._id,
  ];
}

/** Admin scope: the debts list as a CSV file, with the list's search, status filter and sort. */
export function debtExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/admin/debts'),
    { schema: { querystring: adminDebtListRequestSchema } },
    async (request, reply) => {
      const query = request.query;
      return sendKeysetCsv(
        reply,
        ctx,
        { name: 'debts', header, cells },
        (tx, after, limit) => debtsAfter(tx, query, after, limit),
        (row) => debtListCursor(query, row),
      );
    },
  );
}
