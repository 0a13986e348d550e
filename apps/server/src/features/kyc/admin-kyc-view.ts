import type { AdminKycDetail, AdminKycListItem } from '@exchange/contracts';
import { userCard } from '../../platform/user-card';
import type { KycUserSummary, KycWithUser } from './admin-kyc.repository';
import { toKycRecord } from './kyc-view';

function userSummary(user: KycUserSummary) {
  return { _id: user.id, ...userCard(user) };
}

export function toAdminKycListItem({ kyc, user }: KycWithUser): AdminKycListItem {
  const summary = userSummary(user);
  return {
    ...toKycRecord(kyc),
    user: summary,
    userdata: { email: user.email },
    profile_pic: summary.profile_pic,
  };
}

export function toAdminKycDetail({ kyc, user }: KycWithUser): AdminKycDetail {
  return { ...toKycRecord(kyc), user_id: userSummary(user) };
}
