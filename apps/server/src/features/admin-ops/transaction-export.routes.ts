import { adminTransactionListRequestSchema, exportPath } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sendKeysetCsv } from '../../platform/csv-export';
import type { TransactionWithUser } from './admin-lists.repository';
import { adminTransactionView, type PriceOf } from './admin-ops-view';
import { adminTransactionCursor, adminTransactionsAfter } from './admin-transactions.repository';
import { pricesNow } from './list-all-transactions';

const header = [
  'created_utc',
  'customer',
  'email',
  'kind',
  'from_asset',
  'from_amount',
  'to_asset',
  'to_amount',
  'value_usd_now',
  'status',
  'reference',
  'id',
];

function cellsAt(priceOf: PriceOf) {
  return (row: TransactionWithUser) => {
    const t = adminTransactionView(row, priceOf);
    return [
      t.createdAt,
      t.name,
      t.email,
      t.operation,
      t.from?.currency_code ?? null,
      t.from?.amount ?? null,
      t.to?.currency_code ?? null,
      t.to?.amount ?? null,
      t.value_usd,
      t.status,
      t.reference,
      t._id,
    ];
  };
}

/**
 * Admin scope: the Transactions screen as a CSV file, with its filters, search and sort, streamed by
 * keyset pages (a million rows never sit in memory), valued at the prices of the download's start.
 */
export function transactionExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/admin/get-all-transaction'),
    { schema: { querystring: adminTransactionListRequestSchema } },
    async (request, reply) => {
      const query = request.query;
      return sendKeysetCsv(
        reply,
        ctx,
        { name: 'transactions', header, cells: cellsAt(pricesNow(ctx)) },
        (tx, after, limit) => adminTransactionsAfter(tx, query, after, limit),
        (row) => adminTransactionCursor(query, row),
      );
    },
  );
}
