import { z } from 'zod';
import { MOBILE_MAX, NAME_MAX, publicUserSchema } from './auth';
import { isCountryCode } from './country-codes';
import { envelope } from './envelope';
import { messages as m } from './messages';
import { uploadedFilenameSchema } from './uploads';

export const PROFILE_PHONE_MAX = MOBILE_MAX;

/** Letters (any alphabet) and single spaces between words: a name, nothing else. */
const namePattern = /^\p{L}+(?: \p{L}+)*$/u;

// ---------------------------------------------------------------- POST /auth/profile/updateProfile

export const updateProfileRequestSchema = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(NAME_MAX, m.nameTooLong)
    .regex(namePattern, m.profileNameLetters),
  mobile_no: z
    .string({ error: m.mobileRequired })
    .trim()
    .min(1, m.mobileRequired)
    .max(PROFILE_PHONE_MAX, m.profilePhoneMax)
    .regex(/^\d+$/, m.profilePhoneDigits),
  country_code: z
    .string({ error: m.countryCodeRequired })
    .trim()
    .refine((code) => isCountryCode(code), m.countryCodeRequired),
  /** The file name an upload answered with; empty or missing keeps the current picture. */
  profile_pic: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(uploadedFilenameSchema.optional()),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const updateProfileResponseSchema = envelope(publicUserSchema);
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;
