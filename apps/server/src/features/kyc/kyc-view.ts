import type { KycRecord } from '@exchange/contracts';
import type { KycRow } from './kyc.repository';

/** A KYC record on the wire, in the spec's field names. */
export function toKycRecord(row: KycRow): KycRecord {
  return {
    _id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    dob: row.dob,
    country_code: row.countryCode,
    mobile_no: row.mobileNo,
    address: { landmark: row.landmark, city: row.city, state: row.state, country: row.country },
    documents: row.documents.map((doc) => ({ ...doc })),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
