import type { AdminKycDetail, AdminKycListItem, KycIdentityMatch } from '@exchange/contracts';
import { userCard } from '../../platform/user-card';
import type { KycUserSummary, KycWithUser } from './admin-kyc.repository';
import type { IdentityMatchView } from './identity-match.repository';
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
    identity_flagged: kyc.identityMatches.length > 0,
  };
}

export function toAdminKycDetail(
  { kyc, user }: KycWithUser,
  matches: readonly IdentityMatchView[],
): AdminKycDetail {
  return { ...toKycRecord(kyc), user_id: userSummary(user), identity_matches: matches.map(toIdentityMatch) };
}

function toIdentityMatch({ match, user, status }: IdentityMatchView): KycIdentityMatch {
  return {
    kyc_id: match.kyc_id,
    user: user ? { _id: user.id, name: user.name, email: user.email } : null,
    status,
    fields: [...match.fields],
  };
}
