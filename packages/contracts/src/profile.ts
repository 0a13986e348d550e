import { z } from 'zod';
import { MOBILE_MAX, personName, publicUserSchema } from './auth';
import { isCountryCode } from './country-codes';
import { envelope } from './envelope';
import { messages as m } from './messages';
import { uploadedFilenameSchema } from './uploads';

export const PROFILE_PHONE_MAX = MOBILE_MAX;

// ---------------------------------------------------------------- POST /auth/profile/updateProfile

export const updateProfileRequestSchema = z.object({
  /** The sign-up's rule (personName): letters only. */
  name: personName,
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
