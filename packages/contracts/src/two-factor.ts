import { z } from 'zod';
import { envelope } from './envelope';
import { messages as m } from './messages';

/** POST /admin/totp/enrol: a new secret for the signed-in admin, as text, otpauth URI and QR image. */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** A data: URL of a PNG QR code of `otpauth_url`. */
  qr_data_url: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
export const totpEnrolResponseSchema = envelope(totpEnrolmentSchema);
export type TotpEnrolResponse = z.infer<typeof totpEnrolResponseSchema>;

/** POST /admin/totp/confirm {code}: turns two-factor sign-in on once a code from the app matches. */
export const totpConfirmRequestSchema = z.object({
  code: z
    .string({ error: m.totpCodeRequired })
    .trim()
    .regex(/^\d{6}$/, m.totpCodeRequired),
});
export type TotpConfirmRequest = z.input<typeof totpConfirmRequestSchema>;

/** POST /admin/totp/status: whether the signed-in admin has two-factor sign-in on. */
export const totpStatusResponseSchema = envelope(z.object({ enabled: z.boolean() }));
export type TotpStatusResponse = z.infer<typeof totpStatusResponseSchema>;
