import type { KycRecord } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import type { PgListener } from '../../platform/pg-listener';
import type { WsHub } from '../../platform/ws-hub';
import { kycAdminRoutes } from './admin-kyc.routes';
import { kycUserRoutes } from './kyc.routes';
import { registerKycEventBridge } from './kyc-events';
import { listKycRecords } from './list-kyc-records';

export interface KycRuntime {
  /** Signed-in scope: submit KYC, read the latest submission. */
  userRoutes(app: ZodApi): void;
  /** Admin scope: list, read and decide submissions. */
  adminRoutes(app: ZodApi): void;
  /** Every submission of a user, newest first, for the back office's page of that user. */
  recordsOf(userId: string): Promise<KycRecord[]>;
}

/**
 * KYC wired for one app: its routes, the records the back office shows, and the bridge that tells a
 * customer's sockets about an admin's decision (`{ type: 'kyc', status }` on the private 'user'
 * channel), whichever process decided.
 */
export function createKyc(ctx: AppContext, hub: WsHub, listener: PgListener): KycRuntime {
  registerKycEventBridge(hub, listener, ctx.logger);
  return {
    userRoutes: (app) => kycUserRoutes(app, ctx),
    adminRoutes: (app) => kycAdminRoutes(app, ctx),
    recordsOf: (userId) => listKycRecords(ctx.db, userId),
  };
}
