import type { KycRecord } from '@exchange/contracts';
import type { DbOrTx } from '../../platform/db';
import { kycRecordsOf } from './kyc.repository';
import { toKycRecord } from './kyc-view';

/** Every KYC submission of the user, newest first, as the back office's page of that user shows them. */
export async function listKycRecords(db: DbOrTx, userId: string): Promise<KycRecord[]> {
  return (await kycRecordsOf(db, userId)).map(toKycRecord);
}
