import { adminStakeListRequestSchema, exportPath } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sendKeysetCsv } from '../../platform/csv-export';
import { type StakeWithUser, stakeListCursor, stakesAfter } from './admin-lists.repository';
import { adminStakeView } from './admin-ops-view';

const header = [
  'created_utc',
  'customer',
  'email',
  'token',
  'principal',
  'days',
  'interest_rate',
  'payout',
  'status',
  'transaction_id',
  'id',
];

function cells(row: StakeWithUser) {
  const stake = adminStakeView(row);
  return [
    stake.createdAt,
    stake.userdata.name,
    stake.userdata.email,
    stake.currency_code,
    stake.starting_balance,
    String(stake.days),
    stake.interest_rate,
    stake.closing_balance,
    stake.status,
    stake.transactiondata?._id ?? null,
    stake._id,
  ];
}

/** Admin scope: the stakes list as a CSV file, with the list's search, status filter and sort. */
export function stakeExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/admin/get-all-stake'),
    { schema: { querystring: adminStakeListRequestSchema } },
    async (request, reply) => {
      const query = request.query;
      return sendKeysetCsv(
        reply,
        ctx,
        { name: 'stakes', header, cells },
        (tx, after, limit) => stakesAfter(tx, query, after, limit),
        (row) => stakeListCursor(query, row),
      );
    },
  );
}
