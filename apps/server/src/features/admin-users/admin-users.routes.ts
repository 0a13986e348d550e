import {
  adminSetUserRoleRequestSchema,
  adminSetUserRoleResponseSchema,
  adminSetUserStatusRequestSchema,
  adminSetUserStatusResponseSchema,
  adminSetWithdrawalFreezeRequestSchema,
  adminSetWithdrawalFreezeResponseSchema,
  adminUserDetailsRequestSchema,
  adminUserDetailsResponseSchema,
  adminUserListRequestSchema,
  adminUserListResponseSchema,
  messages as m,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { valueBalances } from '../ledger/wallet-valuation';
import { listUsers } from './admin-users.repository';
import { setWithdrawalFreeze } from './freeze-withdrawals';
import { getUserDetails, type UserDetailsSources } from './get-user-details';
import { changeUserRole } from './set-user-role';
import { type AccountDisableEffects, setAccountStatus } from './set-user-status';
import { type UserRecordsFeatures, userRecordsRoutes } from './user-records.routes';

/** What the user pages need from the features that own it, built by the composition root (app.ts). */
export type AdminUsersFeatures = AccountDisableEffects & UserDetailsSources & UserRecordsFeatures;

import { toUserListItem } from './user-views';

/** Admin scope: the user list, one user's information, account status and the withdrawal freeze. */
export function adminUsersRoutes(app: ZodApi, ctx: AppContext, features: AdminUsersFeatures): void {
  app.post(
    '/admin/get-all-users',
    { schema: { body: adminUserListRequestSchema, response: { 200: adminUserListResponseSchema } } },
    async (request) => {
      const query = request.body;
      const { rows, total } = await listUsers(ctx.db, query);
      return {
        status: true,
        message: m.adminUsersLoaded,
        data: {
          content: rows.map((row) => toUserListItem(row, (balances) => valueBalances(ctx, balances))),
          total,
          page: query.page,
          limit: query.limit,
        },
      };
    },
  );

  app.post(
    '/admin/get-userDetails',
    { schema: { body: adminUserDetailsRequestSchema, response: { 200: adminUserDetailsResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.adminUserDetailsLoaded,
      data: await getUserDetails(ctx, features, request.body.userId),
    }),
  );

  app.post(
    '/admin/set-user-status',
    {
      schema: { body: adminSetUserStatusRequestSchema, response: { 200: adminSetUserStatusResponseSchema } },
    },
    async (request) => {
      const data = await setAccountStatus(ctx, features, sessionOf(request).userId, request.body);
      const message = data.status === 'DISABLED' ? m.accountDisabledByAdmin : m.accountEnabledByAdmin;
      return { status: true, message, data };
    },
  );

  app.post(
    '/admin/set-withdrawal-freeze',
    {
      schema: {
        body: adminSetWithdrawalFreezeRequestSchema,
        response: { 200: adminSetWithdrawalFreezeResponseSchema },
      },
    },
    async (request) => {
      const data = await setWithdrawalFreeze(ctx, sessionOf(request).userId, request.body);
      const message = data.withdrawals_frozen ? m.withdrawalsFrozenByAdmin : m.withdrawalsUnfrozenByAdmin;
      return { status: true, message, data };
    },
  );

  app.post(
    '/admin/set-user-role',
    { schema: { body: adminSetUserRoleRequestSchema, response: { 200: adminSetUserRoleResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.roleChanged,
      data: await changeUserRole(ctx, features, sessionOf(request).userId, request.body),
    }),
  );

  userRecordsRoutes(app, ctx, features);
}
