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
  'totp',
  'recovery_code',
  'recovery_codes',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.otp',
  '*.token',
  '*.refresh_token',
  '*.access_token',
  '*.totp',
  '*.recovery_code',
  '*.recovery_codes',
];

const options = (level: string) => ({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });

/** A logger writing JSON lines to `destination` (stdout by default); tests pass their own sink. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(options(level), destination);
}

/**
 * The running server's logger. In production it writes JSON lines, one per event, for a log
 * collector. Anywhere else (`npm start` on someone's machine) a person reads the terminal, so the
 * lines go through pino-pretty: time, level, message, then the fields.
 */
export function createServerLogger(config: { env: string; logLevel: string }): Logger {
  if (config.env === 'production') return createLogger(config.logLevel);
  return pino({
    ...options(config.logLevel),
    // A worker thread loads pino-pretty by name, from node_modules: scripts/start.mjs keeps every npm
    // dependency out of its bundle, so the name resolves there as it does from the source.
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  });
}
