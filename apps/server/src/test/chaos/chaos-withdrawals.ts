import { messages } from '@exchange/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { mailOutbox, withdrawals } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * USD withdrawals in the chaos loop (issue 38): the customer turns two-factor on through the API once,
 * then the load requests withdrawals (each with the authenticator's code of a new 30-second step, or
 * else one of the recovery codes), confirms each with the code read from the mail outbox, and the admin
 * approves it; the payout job's leader sends it to the sandbox. Whatever process is killed meanwhile,
 * every acknowledged request is a held withdrawal and every acknowledged confirmation and approval
 * moved it on; the ledger check (withdrawals are a hold source) runs after every restart.
 */

type Call = (
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; json: unknown }>;

export interface ChaosWithdrawals {
  /** One request, confirmation and approval, as far as the servers answer. */
  act(base: string): Promise<void>;
  readonly acknowledged: { requested: string[]; confirmed: string[]; approved: string[] };
  /** Every acknowledged step is in the database. */
  verify(db: Db): Promise<void>;
}

const data = (json: unknown) => (json as { data: Record<string, unknown> }).data;

export async function chaosWithdrawals(
  base: string,
  customer: { email: string; token: string },
  adminToken: string,
  call: Call,
  db: Db,
): Promise<ChaosWithdrawals> {
  const enrol = await call(base, customer.token, 'POST', '/auth/2fa/enrol');
  expect(enrol.status, JSON.stringify(enrol.json)).toBe(200);
  const secret = data(enrol.json).secret as string;
  const confirmed = await call(base, customer.token, 'POST', '/auth/2fa/confirm', {
    code: await generate({ secret }),
  });
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  const recoveryCodes = [...(data(confirmed.json).recovery_codes as string[])];
  let lastStep = Math.floor(Date.now() / 30_000);
  let busy = false;
  const acknowledged = { requested: [] as string[], confirmed: [] as string[], approved: [] as string[] };

  async function proof(): Promise<Record<string, string> | null> {
    const step = Math.floor(Date.now() / 30_000);
    if (step > lastStep) {
      lastStep = step;
      return { totp: await generate({ secret }) };
    }
    const code = recoveryCodes.shift();
    return code ? { recovery_code: code } : null;
  }

  async function mailedCode(): Promise<string | undefined> {
    const [mail] = await db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, customer.email), eq(mailOutbox.subject, messages.withdrawalCodeMailSubject)),
      )
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return /is (\d{6})\./.exec(mail?.text ?? '')?.[1];
  }

  return {
    acknowledged,
    async act(server) {
      // One at a time: the newest code mail is this request's.
      if (busy) return;
      busy = true;
      try {
        const second = await proof();
        if (!second) return;
        const requested = await call(server, customer.token, 'POST', '/withdrawals', {
          asset: 'USD',
          amount: '10',
          ...second,
        });
        if (requested.status !== 200) return;
        const id = data(requested.json)._id as string;
        acknowledged.requested.push(id);
        const code = await mailedCode();
        if (!code) return;
        const confirm = await call(server, customer.token, 'POST', '/withdrawals/confirm', {
          withdrawal_id: id,
          code,
        });
        if (confirm.status !== 200) return;
        acknowledged.confirmed.push(id);
        if (data(confirm.json).status === 'APPROVED') return void acknowledged.approved.push(id);
        const approve = await call(server, adminToken, 'POST', '/admin/withdrawals/approve', {
          withdrawal_id: id,
        });
        if (approve.status === 200) acknowledged.approved.push(id);
      } finally {
        busy = false;
      }
    },
    async verify(checker) {
      const { requested, confirmed, approved } = acknowledged;
      if (requested.length === 0) return;
      const rows = await checker.select().from(withdrawals).where(inArray(withdrawals.id, requested));
      expect(rows.map((row) => row.id).sort()).toEqual([...new Set(requested)].sort());
      const statusOf = new Map(rows.map((row) => [row.id, row.status]));
      for (const id of confirmed) expect(statusOf.get(id), `confirmed ${id}`).not.toBe('REQUESTED');
      for (const id of approved)
        expect(['APPROVED', 'SENDING', 'SENT', 'COMPLETED'], `approved ${id}`).toContain(statusOf.get(id));
    },
  };
}
