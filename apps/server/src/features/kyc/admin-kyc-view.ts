import type { AdminKycDetail, AdminKycListItem } from '@exchange/contracts';
import type { KycUserSummary, KycWithUser } from './admin-kyc.repository';
import { toKycRecord } from './kyc-view';

function userSummary(user: KycUserSummary) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    country_code: user.countryCode,
    mobile_no: user.mobileNo,
    profile_pic: user.profilePic ?? '',
  };
}

export function toAdminKycListItem({ kyc, user }: KycWithUser): AdminKycListItem {
  return {
    ...toKycRecord(kyc),
    user: userSummary(user),
    userdata: { email: user.email },
    profile_pic: user.profilePic ?? '',
  };
}

export function toAdminKycDetail({ kyc, user }: KycWithUser): AdminKycDetail {
  return { ...toKycRecord(kyc), user_id: userSummary(user) };
}
