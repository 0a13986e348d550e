import { adminUserListRequestSchema, exportPath } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sendKeysetCsv } from '../../platform/csv-export';
import { type UserListRow, userListCursor, usersAfter } from './admin-users.repository';
import { toUserListItem } from './user-views';

const header = ['created_utc', 'name', 'email', 'phone', 'role', 'status', 'kyc_verified', 'wallet_usd'];

function cells(row: UserListRow) {
  const user = toUserListItem(row);
  return [
    user.createdAt,
    user.name,
    user.email,
    `+${user.country_code} ${user.mobile_no}`,
    user.role,
    user.status,
    user.is_kyc_verified ? 'yes' : 'no',
    user.wallet_usd,
  ];
}

/** Admin scope: the user list as a CSV file, with the list's search, status filter and sort. */
export function userListExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/admin/get-all-users'),
    { schema: { querystring: adminUserListRequestSchema } },
    async (request, reply) => {
      const query = request.query;
      return sendKeysetCsv(
        reply,
        ctx,
        { name: 'users', header, cells },
        (tx, after, limit) => usersAfter(tx, query, after, limit),
        (row) => userListCursor(query, row),
      );
    },
  );
}
