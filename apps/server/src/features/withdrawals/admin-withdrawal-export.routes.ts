import { adminWithdrawalListRequestSchema, exportPath } from '@exchange/contracts';
import { formatMinor, USD_CENTS_SCALE } from '@exchange/domain';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { type CsvRow, sendKeysetCsv } from '../../platform/csv-export';
import {
  type AdminWithdrawalCsvRow,
  withdrawalCursor,
  withdrawalsAfter,
} from './admin-withdrawal-list.repository';
import { toWithdrawalItem } from './withdrawal-views';

const header = [
  'time_utc',
  'customer',
  'email',
  'asset',
  'method',
  'chain',
  'destination',
  'amount',
  'fee',
  'value_usd',
  'status',
  'flags',
  'first_approved_by',
  'first_approved_utc',
  'decided_by',
  'decided_utc',
  'reason',
  'reference',
  'id',
];

function cellsOf(ctx: AppContext) {
  return (row: AdminWithdrawalCsvRow): CsvRow => {
    const w = row.withdrawal;
    const item = toWithdrawalItem(w, ctx.config.chains);
    return [
      item.createdAt,
      row.user.name,
      row.user.email,
      item.asset,
      item.method,
      item.chain,
      item.destination,
      item.amount,
      item.fee,
      formatMinor(BigInt(w.valueCents), USD_CENTS_SCALE),
      item.status,
      w.flags.join(' '),
      w.firstApprovedBy ? row.firstApproverName : null,
      w.firstApprovedAt?.toISOString() ?? null,
      w.decidedBy ? row.deciderName : null,
      w.decidedAt?.toISOString() ?? null,
      item.reason,
      item.tx_hash ?? item.reference,
      item._id,
    ];
  };
}

/**
 * Admin scope: the withdrawal queue as a CSV file with the list's search, status filter and sort,
 * read by keyset pages inside one snapshot, so a million rows never sit in memory (issue 46 point 7).
 */
export function adminWithdrawalExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/admin/withdrawals'),
    { schema: { querystring: adminWithdrawalListRequestSchema } },
    async (request, reply) => {
      const query = request.query;
      return sendKeysetCsv(
        reply,
        ctx,
        { name: 'withdrawals', header, cells: cellsOf(ctx) },
        (tx, after, limit) => withdrawalsAfter(tx, query, after, limit),
        (row) => withdrawalCursor(query, row),
      );
    },
  );
}
