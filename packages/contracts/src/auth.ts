import { isReservedEmail } from '@exchange/domain';
import { z } from 'zod';
import { isCountryCode } from './country-codes';
import { envelope } from './envelope';
import { messages as m } from './messages';
import { secondFactorFields } from './two-factor';
import { walletSchema } from './wallet';

/** The special characters the spec accepts in a password. */
export const PASSWORD_SPECIALS = '#?!@$%^&*-';
const specialPattern = /[#?!@$%^&*-]/;

/** The longest password any form or call takes (a longer one is refused, not cut). */
export const PASSWORD_MAX = 128;

/** The longest name an account keeps (sign-up and profile). */
export const NAME_MAX = 100;

/** Letters (any alphabet) and single spaces between words: a name, nothing else. */
const namePattern = /^\p{L}+(?: \p{L}+)*$/u;

/**
 * A person's name, at sign-up as on the profile (spec: 'name accepts letters only'). No digits, no
 * punctuation, no line break: the name is printed in mails to other users (a P2P receipt), so it
 * cannot carry a link or a second line there.
 */
export const personName = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(NAME_MAX, m.nameTooLong)
  .regex(namePattern, m.profileNameLetters);

/** Whether a stored name passes `personName` (names taken before the rule may not). */
export function isPersonName(name: string): boolean {
  return personName.safeParse(name).success;
}

/**
 * The most digits a mobile number has, at sign-up as on the profile (spec: profile phone max length
 * 10): a longer number taken at sign-up would make every later profile save fail.
 */
export const MOBILE_MAX = 10;
const mobileDigits = new RegExp(`^\\d{4,${MOBILE_MAX}}$`);

export const ROLES = ['USER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const OTP_TYPES = ['EMAIL_VERIFY', 'PASSWORD_RESET'] as const;
export type OtpType = (typeof OTP_TYPES)[number];

const lowerEmail = (invalid: string, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, invalid)
    .pipe(z.email(invalid))
    .transform((value) => value.toLowerCase());

/** Password strength rules with the registration screen's messages, checked in the spec's order. */
export const registrationPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(8, m.passwordMin)
  .max(PASSWORD_MAX, m.passwordTooLong)
  .regex(/[A-Z]/, m.passwordUppercase)
  .regex(/\d/, m.passwordNumber)
  .regex(specialPattern, m.passwordSpecial);

/** The same rules with the change-password screen's messages. */
export const changedPassword = z
  .string({ error: m.changePasswordRequired })
  .min(1, m.changePasswordRequired)
  .min(8, m.changePasswordMin)
  .max(PASSWORD_MAX, m.passwordTooLong)
  .regex(/[A-Z]/, m.changePasswordUppercase)
  .regex(/\d/, m.changePasswordNumber)
  .regex(specialPattern, m.changePasswordSpecial);

export const otpCode = z.string({ error: m.otpRequired }).regex(/^\d{6}$/, m.otpRequired);

export const signupRequestSchema = z
  .object({
    name: personName,
    // One of the select's codes, as the profile requires: a code outside the list, taken here, would
    // make every later profile save fail.
    country_code: z
      .string({ error: m.countryCodeRequired })
      .trim()
      .refine((code) => isCountryCode(code), m.countryCodeRequired),
    mobile_no: z
      .string({ error: m.mobileRequired })
      .trim()
      .min(1, m.mobileRequired)
      .regex(mobileDigits, m.mobileInvalid),
    // The system accounts' domain (the house's address) is not a customer's to take.
    email: lowerEmail(m.registerEmailInvalid, m.registerEmailRequired).refine(
      (email) => !isReservedEmail(email),
      m.registerEmailReserved,
    ),
    password: registrationPassword,
    confirm_password: z.string().optional(),
    referral_code: z
      .string()
      .trim()
      .max(32)
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((body) => body.confirm_password === undefined || body.confirm_password === body.password, {
    message: m.confirmPasswordMismatch,
    path: ['confirm_password'],
  });
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** The register form: the request plus the confirm field and the referral checkbox. */
export const signupFormSchema = z
  .object({
    name: personName,
    country_code: z.string().min(1, m.countryCodeRequired),
    mobile_no: z.string().trim().min(1, m.mobileRequired).regex(mobileDigits, m.mobileInvalid),
    email: z
      .string()
      .trim()
      .min(1, m.registerEmailRequired)
      .pipe(z.email(m.registerEmailInvalid))
      .refine((email) => !isReservedEmail(email), m.registerEmailReserved),
    password: registrationPassword,
    confirm_password: z.string().min(1, m.confirmPasswordRequired),
    has_referral: z.boolean(),
    referral_code: z.string().trim().optional(),
  })
  .refine((form) => form.confirm_password === form.password, {
    message: m.confirmPasswordMismatch,
    path: ['confirm_password'],
  });
export type SignupForm = z.input<typeof signupFormSchema>;

export const loginRequestSchema = z.object({
  email: lowerEmail(m.loginEmailInvalid, m.loginEmailRequired),
  password: z
    .string({ error: m.loginPasswordRequired })
    .min(1, m.loginPasswordRequired)
    .max(PASSWORD_MAX, m.passwordTooLong),
  /**
   * With two-factor sign-in on, the sign-in's second call: an authenticator code or a recovery code
   * (without either the answer is 401 totp_required). Accounts without two-factor never send them.
   */
  ...secondFactorFields,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const forgetPasswordRequestSchema = z.object({
  email: lowerEmail(m.loginEmailInvalid, m.forgotEmailRequired),
  /** Which code to (re)send; the forgot screen asks for a reset code, the sign-up OTP screen a verify code. */
  type: z.enum(OTP_TYPES).default('PASSWORD_RESET'),
});
export type ForgetPasswordRequest = z.input<typeof forgetPasswordRequestSchema>;

export const otpVerifyRequestSchema = z.object({
  email: lowerEmail(m.loginEmailInvalid, m.loginEmailRequired),
  otp: otpCode,
  type: z.enum(OTP_TYPES),
});
export type OtpVerifyRequest = z.input<typeof otpVerifyRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  email: lowerEmail(m.loginEmailInvalid, m.loginEmailRequired),
  password: registrationPassword,
  otp: otpCode,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    /** Sent by the spec's client; ignored, because the session says whose password changes. */
    email: z.string().optional(),
    current_password: z.string({ error: m.oldPasswordRequired }).min(1, m.oldPasswordRequired).max(128),
    new_password: changedPassword,
    /** API clients without the cookie name the session to keep; every other session is signed out. */
    refresh_token: z.string().max(200).optional(),
    /** With two-factor sign-in on, a code (authenticator or recovery) is needed as well. */
    ...secondFactorFields,
  })
  .refine((body) => body.new_password !== body.current_password, {
    message: m.newPasswordSameAsOld,
    path: ['new_password'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The change-password form, whose messages come in the spec's order. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, m.oldPasswordRequired),
    new_password: changedPassword,
    confirm_password: z.string().min(1, m.changeConfirmRequired),
  })
  .refine((form) => form.confirm_password === form.new_password, {
    message: m.changeConfirmMismatch,
    path: ['confirm_password'],
  })
  .refine((form) => form.new_password !== form.current_password, {
    message: m.newPasswordSameAsOld,
    path: ['new_password'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** The body is optional (browsers send the cookie only), and Fastify reports a missing body as null. */
export const refreshRequestSchema = z
  .object({ refresh_token: z.string().max(200).optional() })
  .nullish()
  .transform((body) => body ?? {});

/** The user as the API shows it: never a hash, never a token. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  mobile_no: z.string(),
  user_role: z.enum(ROLES),
  role: z.enum(ROLES),
  ref_code: z.string(),
  is_kyc_verified: z.boolean(),
  profile_pic: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A user's newest KYC submission, as the spec's client reads `kycdata[0]._id`. */
export const kycSubmissionRefSchema = z.object({ _id: z.string(), status: z.string() });

/**
 * The user as POST /auth/login answers it (spec sections 3 and 7): the public user with the wallet,
 * under `wallet` (stored by the client's session) and again under `walletdata`, and the newest KYC
 * submission under `kycdata` (empty before any).
 */
export const loginUserSchema = publicUserSchema.extend({
  wallet: walletSchema,
  walletdata: walletSchema,
  kycdata: z.array(kycSubmissionRefSchema),
});
export type LoginUser = z.infer<typeof loginUserSchema>;

export const loginResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: loginUserSchema,
  token: z.string(),
  refresh_token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = envelope(
  z.object({ access_token: z.string(), refresh_token: z.string() }),
);
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const signupResponseSchema = envelope(z.object({ email: z.string() }));

export const currentUserResponseSchema = envelope(publicUserSchema);
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;
