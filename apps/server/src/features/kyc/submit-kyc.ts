import { type kycCreateRequestSchema, kycDobProblem, messages } from '@exchange/contracts';
import { decideKycSubmission, findIdentityMatches, identityKeysOf } from '@exchange/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { lockUserById } from '../accounts/accounts.repository';
import { ownedUploadNames } from '../uploads/uploads.repository';
import { findIdentityCandidates, lockIdentityKeys, uploadHashes } from './identity-match.repository';
import { insertKyc, type KycRow, latestKycOf } from './kyc.repository';

type KycInput = z.output<typeof kycCreateRequestSchema>;

/**
 * A customer's KYC submission: with the user's row locked, the latest submission must allow another
 * (none yet, or rejected), the date of birth must make them an adult today, and every document image
 * must be one of their own KYC uploads. The record starts PENDING; only an admin verifies anyone.
 * It also carries its normalised identity keys and, decided by the domain, the other accounts'
 * PENDING or APPROVED submissions it shares one with (the duplicate-identity flag the reviewer sees,
 * which withholds a referral reward unless the approving admin confirms it). Submissions sharing a
 * key queue on that key's lock, so of two racing ones the second is flagged.
 */
export async function submitKyc(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  input: KycInput,
): Promise<KycRow> {
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const dobProblem = kycDobProblem(input.dob, today);
  if (dobProblem) throw new AppError('validation_failed', dobProblem);

  return ctx.db.transaction(async (tx) => {
    // The user's row lock: one user's submissions run one at a time.
    await lockUserById(tx, userId);
    const latest = await latestKycOf(tx, userId);
    const allowed = decideKycSubmission(latest?.status ?? null);
    if (!allowed.ok)
      throw new AppError(
        'kyc_already_submitted',
        allowed.code === 'kyc_already_pending' ? messages.kycAlreadyPending : messages.kycAlreadyApproved,
      );
    const images = input.documents.flatMap((doc) => [doc.front_image, doc.back_image]);
    const owned = await ownedUploadNames(tx, userId, 'KYC_DOC', images);
    if (images.some((name) => !owned.has(name))) throw new AppError('bad_request', messages.kycImageNotYours);
    const keys = identityKeysOf({
      firstName: input.first_name,
      lastName: input.last_name,
      dob: input.dob,
      documentNumbers: input.documents.map((doc) => doc.number),
      imageHashes: await uploadHashes(tx, userId, images),
    });
    await lockIdentityKeys(tx, keys);
    const matches = findIdentityMatches(userId, keys, await findIdentityCandidates(tx, userId, keys));
    return insertKyc(tx, {
      userId,
      firstName: input.first_name,
      lastName: input.last_name,
      mobileNo: input.mobile_no,
      countryCode: input.country_code,
      dob: input.dob,
      landmark: input.address.landmark,
      city: input.address.city,
      state: input.address.state,
      country: input.address.country,
      documents: input.documents.map((doc) => ({ ...doc })),
      documentKeys: [...keys.documentKeys],
      nameDobKey: keys.nameDobKey,
      imageHashes: [...keys.imageHashes],
      identityMatches: matches.map((m) => ({ kyc_id: m.kycId, user_id: m.userId, fields: m.fields })),
    });
  });
}
