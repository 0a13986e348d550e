import QRCode from 'qrcode';
import { confirmTotpEnrolment, startTotpEnrolment } from '../features/account-security/two-factor';
import * as repo from '../features/auth/auth.repository';
import { systemClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { connect } from '../platform/db';
import { createLogger } from '../platform/logger';
import { createMailer } from '../platform/mail/mailer';

/**
 * `npm run admin:totp -w apps/server -- EMAIL [CODE]`: production refuses the back office to an admin
 * without two-factor, and refuses an admin's own enrolment from a session (a password alone must not
 * be enough to enrol, issue 46), so an operator enrols an admin here, against DATABASE_URL. Without CODE it stores a new
 * secret and prints it with a QR code for the admin's authenticator app; with CODE (from that app) it
 * turns two-factor sign-in on. Exit code 1 on any refusal.
 */
function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<number> {
  const [email, code] = process.argv.slice(2);
  if (!email) {
    out('usage: admin:totp EMAIL [CODE]');
    return 1;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    out('DATABASE_URL is required (embedded mode lets admins enrol from the back-office)');
    return 1;
  }
  const database = connect(config.databaseUrl);
  try {
    const logger = createLogger('warn');
    const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
    const ctx = { db: database.db, clock: systemClock, config, mailer, logger };
    const admin = await repo.findUserByEmail(ctx.db, email.toLowerCase());
    if (admin?.role !== 'ADMIN') {
      out(`${email} is not an admin`);
      return 1;
    }
    if (code) {
      const recoveryCodes = await confirmTotpEnrolment(ctx, { userId: admin.id }, code, 'operator');
      out(`two-factor sign-in is on for ${email}; hand these one-use recovery codes to the admin:`);
      for (const recoveryCode of recoveryCodes) out(`  ${recoveryCode}`);
      return 0;
    }
    const enrolment = await startTotpEnrolment(ctx, admin.id, 'operator');
    out(await QRCode.toString(enrolment.otpauth_url, { type: 'terminal', small: true }));
    out(`secret: ${enrolment.secret}`);
    out(`then run again with a code from the app: admin:totp ${email} CODE`);
    return 0;
  } catch (error) {
    out(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
