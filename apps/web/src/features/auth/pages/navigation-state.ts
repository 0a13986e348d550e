/** The sign-in screens hand the e-mail (and for the reset, the code) over in navigation state. */
export function emailFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  const email = (state as { email: unknown }).email;
  return typeof email === 'string' && email.trim() ? email.trim() : undefined;
}

export function otpFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('otp' in state)) return undefined;
  const otp = (state as { otp: unknown }).otp;
  return typeof otp === 'string' && /^\d{6}$/.test(otp) ? otp : undefined;
}
