import { messages as m, type PublicUser, type updateProfileRequestSchema } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { ownedUploadNames } from '../uploads/uploads.repository';
import { toPublicUser } from './public-user';

export type UpdateProfileInput = z.output<typeof updateProfileRequestSchema>;

/**
 * Saves the signed-in user's name, phone and country code, and the picture when one is named. The
 * picture must be the user's own profile-image upload (someone else's file, or a KYC document, is
 * refused and nothing changes). The e-mail address is not editable here.
 */
export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: UpdateProfileInput,
): Promise<PublicUser> {
  if (input.profile_pic) {
    const owned = await ownedUploadNames(ctx.db, userId, 'PROFILE_IMAGE', [input.profile_pic]);
    if (!owned.has(input.profile_pic)) throw new AppError('bad_request', m.profilePicInvalid);
  }
  const [row] = await ctx.db
    .update(users)
    .set({
      name: input.name,
      mobileNo: input.mobile_no,
      countryCode: input.country_code,
      ...(input.profile_pic ? { profilePic: input.profile_pic } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('unauthorized', 'Unauthorized');
  return toPublicUser(row);
}
