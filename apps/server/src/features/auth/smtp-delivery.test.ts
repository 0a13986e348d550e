import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { codeIn, mailsTo, post, ROOMY_LIMITS, signupBody, waitForCodeRequests } from './auth-test-helpers';

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

describe('mail through a real SMTP server', () => {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ env: { ...ROOMY_LIMITS, SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function waitForDelivery(count: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} delivered mails, got ${received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('delivers the sign-up code to the new customer, and the outbox keeps the mail without the code', async () => {
    expect((await post(t, '/auth/signup', signupBody('Smtp.User@Example.com'))).statusCode).toBe(200);
    await waitForDelivery(1);
    const [mail] = received;
    expect(mail!.to).toEqual(['smtp.user@example.com']);
    expect(mail!.from).toBe('no-reply@example.com');
    expect(mail!.raw).toMatch(/^Subject: Verify your email address\r?$/m);
    expect(mail!.raw).toMatch(/^To: smtp\.user@example\.com\r?$/m);
    const [stored] = await mailsTo(t, 'smtp.user@example.com');
    const code = codeIn(mail!.raw.replace(/=\r?\n/g, ''));
    expect(stored!.text).not.toContain(code);
    expect(stored!.text).not.toMatch(/\b\d{6}\b/);
    expect(stored!.text).toContain('[code removed]');
  });

  it('delivers a password-reset code too', async () => {
    const handledBefore = (await waitForCodeRequests(t, 0)).length;
    expect((await post(t, '/auth/password/forget', { email: 'smtp.user@example.com' })).statusCode).toBe(200);
    await waitForCodeRequests(t, handledBefore + 1);
    await waitForDelivery(2);
    expect(received[1]!.to).toEqual(['smtp.user@example.com']);
    expect(received[1]!.raw).toMatch(/^Subject: Your password reset code\r?$/m);
  });
});
