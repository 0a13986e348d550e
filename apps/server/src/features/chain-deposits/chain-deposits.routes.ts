import {
  chainDepositsRequestSchema,
  chainDepositsResponseSchema,
  depositAddressRequestSchema,
  depositAddressResponseSchema,
  depositNetworksResponseSchema,
  messages as m,
} from '@exchange/contracts';
import type { ZodApi } from '../../platform/app-context';
import { sessionOf } from '../../platform/auth';
import { chainDepositView } from './chain-deposit-views';
import { listUserChainDeposits } from './chain-deposits.repository';
import { type DepositAddressDeps, getDepositAddress } from './get-deposit-address';
import { getDepositNetworks } from './get-deposit-networks';

/** Signed-in scope: the coins that can arrive on a chain, and the caller's own deposits. */
export function chainDepositUserRoutes(app: ZodApi, deps: DepositAddressDeps): void {
  app.get(
    '/wallet/deposit-networks',
    { schema: { response: { 200: depositNetworksResponseSchema } } },
    async () => ({
      status: true,
      message: m.depositNetworksLoaded,
      data: getDepositNetworks(deps.chains, deps.bitcoinSends),
    }),
  );

  app.post(
    '/wallet/chain-deposits',
    { schema: { body: chainDepositsRequestSchema, response: { 200: chainDepositsResponseSchema } } },
    async (request) => {
      const query = request.body;
      const { rows, total } = await listUserChainDeposits(deps.db, sessionOf(request).userId, query);
      return {
        status: true,
        message: m.chainDepositsLoaded,
        data: {
          content: rows.map((row) => chainDepositView(row, deps.chains)),
          total,
          page: query.page,
          limit: query.limit,
        },
      };
    },
  );
}

/** KYC-verified scope: the caller's own deposit address (others get 'Please Complete Your Kyc'). */
export function chainDepositKycRoutes(app: ZodApi, deps: DepositAddressDeps): void {
  app.post(
    '/wallet/deposit-address',
    { schema: { body: depositAddressRequestSchema, response: { 200: depositAddressResponseSchema } } },
    async (request) => ({
      status: true,
      message: m.depositAddressLoaded,
      data: await getDepositAddress(deps, sessionOf(request).userId, request.body),
    }),
  );
}
