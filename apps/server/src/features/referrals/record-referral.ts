import type { SignedUp } from '../../platform/app-context';
import type { Config } from '../../platform/config';
import type { Tx } from '../../platform/db';
import { insertReferral } from './referrals.repository';

/**
 * Records who referred a new customer, run inside the sign-up's transaction (a sign-up effect, wired
 * in app.ts): a PENDING referral with the configured reward, which is paid when the referred user's
 * KYC is approved. Sign-up has already refused a code that names nobody; no code, no referral.
 */
export async function recordReferral(
  tx: Tx,
  reward: Config['referralReward'],
  signedUp: SignedUp,
): Promise<void> {
  if (!signedUp.referrerId) return;
  await insertReferral(tx, {
    referrerId: signedUp.referrerId,
    referredId: signedUp.userId,
    asset: reward.asset,
    amount: reward.amount,
    now: signedUp.at,
  });
}
