import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db';
import { createLogger } from '../logger';
import { createMailer } from './mailer';

describe('the mailer log line', () => {
  it('names the recipient masked, never the address in clear', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Only the outbox insert and the anti-phishing phrase's read (none) are used: stand-ins.
    const db = {
      insert: () => ({ values: () => ({ returning: async () => [{ id: 'mail-1' }] }) }),
      select: () => ({ from: () => ({ where: () => ({ limit: async () => [] }) }) }),
    };
    const mailer = createMailer({
      db: db as unknown as DbOrTx,
      from: 'x@example.com',
      logger: createLogger('info', sink),
    });
    await mailer.send({ to: 'carol@example.com', subject: 'Hello', text: 'Body' });
    const line = lines.join('');
    expect(line).toContain('mail queued');
    expect(line).toContain('c***l@example.com');
    expect(line).not.toContain('carol@example.com');
  });
});
