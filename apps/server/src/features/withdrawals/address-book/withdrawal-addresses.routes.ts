import {
  addWithdrawalAddressSchema,
  messages as m,
  removeWithdrawalAddressSchema,
  withdrawalAddressListQuerySchema,
  withdrawalAddressListResponseSchema,
  withdrawalAddressResponseSchema,
} from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../../platform/app-context';
import { sessionOf } from '../../../platform/auth';
import type { HotWallets } from '../coin-sends/coin-destination';
import { addWithdrawalAddress } from './add-withdrawal-address';
import { removeWithdrawalAddress } from './remove-withdrawal-address';
import { toWithdrawalAddress } from './withdrawal-address-views';
import { listWithdrawalAddresses } from './withdrawal-addresses.repository';

/** KYC scope: the customer's address book for coin withdrawals (paged and searched on the server). */
export function withdrawalAddressRoutes(app: ZodApi, ctx: AppContext, wallets: HotWallets): void {
  app.get(
    '/withdrawals/addresses',
    {
      schema: {
        querystring: withdrawalAddressListQuerySchema,
        response: { 200: withdrawalAddressListResponseSchema },
      },
    },
    async (request) => {
      const { page, limit, search, chain } = request.query;
      const { rows, total } = await listWithdrawalAddresses(ctx.db, sessionOf(request).userId, {
        page,
        limit,
        search,
        chain,
      });
      return {
        status: true,
        message: m.withdrawalAddressesLoaded,
        data: { content: rows.map(toWithdrawalAddress), total, page, limit },
      };
    },
  );

  app.post(
    '/withdrawals/addresses',
    { schema: { body: addWithdrawalAddressSchema, response: { 200: withdrawalAddressResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.withdrawalAddressSaved,
      data: await addWithdrawalAddress(ctx, wallets, sessionOf(request).userId, request.body),
    }),
  );

  app.post(
    '/withdrawals/addresses/remove',
    { schema: { body: removeWithdrawalAddressSchema, response: { 200: withdrawalAddressResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.withdrawalAddressRemoved,
      data: await removeWithdrawalAddress(ctx, sessionOf(request).userId, request.body.address_id),
    }),
  );
}
