import { normalizeRecoveryCode } from '@exchange/domain';
import { z } from 'zod';
import { envelope } from './envelope';
import { messages as m } from './messages';

/** A code from the authenticator app: six digits. */
export const totpCodeSchema = z
  .string({ error: m.totpCodeRequired })
  .trim()
  .regex(/^\d{6}$/, m.totpCodeRequired);

/** A recovery code as shown (`abcde-fgh23`); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: m.recoveryCodeInvalid })
  .max(40, m.recoveryCodeInvalid)
  .refine((typed) => normalizeRecoveryCode(typed) !== null, m.recoveryCodeInvalid);

/**
 * The second factor where one is asked for (sign-in, a password change, turning two-factor off): an
 * authenticator code or a recovery code. Both are optional here; the server says which it needs.
 */
export const secondFactorFields = {
  totp: totpCodeSchema.optional(),
  recovery_code: recoveryCodeSchema.optional(),
};

/** POST /auth/2fa/enrol: a new secret for the signed-in user, as text, otpauth URI and QR image. */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** A data: URL of a PNG QR code of `otpauth_url`. */
  qr_data_url: z.string(),
  /** Hours withdrawals pause once two-factor is turned on (0: no pause), told before the customer confirms. */
  withdrawal_pause_hours: z.number().int().min(0),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
export const totpEnrolResponseSchema = envelope(totpEnrolmentSchema);
export type TotpEnrolResponse = z.infer<typeof totpEnrolResponseSchema>;

/** POST /auth/2fa/confirm {code}: turns two-factor sign-in on once a code from the app matches. */
export const totpConfirmRequestSchema = z.object({ code: totpCodeSchema });
export type TotpConfirmRequest = z.input<typeof totpConfirmRequestSchema>;

/** The answer to a confirmed enrolment: the ten one-use recovery codes, shown this once. */
export const totpConfirmResponseSchema = envelope(z.object({ recovery_codes: z.array(z.string()) }));
export type TotpConfirmResponse = z.infer<typeof totpConfirmResponseSchema>;

/** POST /auth/2fa/disable: turning two-factor off takes a code (authenticator or recovery). */
export const totpDisableRequestSchema = z
  .object(secondFactorFields)
  .refine((body) => body.totp !== undefined || body.recovery_code !== undefined, {
    message: m.totpCodeRequired,
    path: ['totp'],
  });
export type TotpDisableRequest = z.input<typeof totpDisableRequestSchema>;

/** POST /auth/2fa/status: whether the signed-in user has two-factor sign-in on. */
export const totpStatusResponseSchema = envelope(
  z.object({
    enabled: z.boolean(),
    recovery_codes_left: z.number().int(),
    /** When the withdrawal pause after a security change ends (ISO time), null when not paused. */
    withdrawals_paused_until: z.string().nullable(),
  }),
);
export type TotpStatusResponse = z.infer<typeof totpStatusResponseSchema>;
