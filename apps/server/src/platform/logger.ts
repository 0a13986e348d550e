import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Paths pino blanks out wherever they appear, so a password, token or OTP never reaches a log line
 * even if a handler logs a whole body. Tests send secrets through every auth route and grep the log.
 */
export const REDACTED_PATHS = [
  'password',
  'new_password',
  'current_password',
  'confirm_password',
  'otp',
  'token',
  'refresh_token',
  'access_token',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.otp',
  '*.token',
  '*.refresh_token',
  '*.access_token',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}
