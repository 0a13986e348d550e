/** Where the API lives: the same origin as the app, so the refresh cookie (path /api/v1/auth) is sent. */
export const API_BASE_PATH = '/api/v1';

/** The external lending site the user header links to (a new tab); set VITE_LENDING_URL to change it. */
export const LENDING_URL: string = import.meta.env.VITE_LENDING_URL ?? 'https://lending.example.com';

/** Spec section 9: after a success the screen redirects or reloads after 3 seconds. */
export const SUCCESS_REDIRECT_MS = 3_000;

/** Spec section 8: 'otp re-sent successfully' is shown 3 seconds after the resend. */
export const OTP_RESENT_NOTICE_MS = 3_000;

/** Spec section 9: OTPs are 6 digits. */
export const OTP_LENGTH = 6;
