import { eq } from 'drizzle-orm';
import { users } from './db/schema';
import { newRefCode } from './features/auth/referral-code';
import type { AppContext } from './platform/app-context';
import { hashPassword } from './platform/passwords';
import { seedDemoBalances } from './seed-demo-balances';
import { seedDemoHistory } from './seed-demo-history';

/** The fixed demo accounts of embedded mode, printed at start-up. */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@example.com',
    password: 'Admin@123456',
    name: 'Demo Admin',
    role: 'ADMIN',
    kyc: true,
    note: 'ADMIN',
  },
  // Four eyes (issue 46): a large withdrawal needs a second, different admin's approval.
  {
    email: 'admin2@example.com',
    password: 'Admin2@123456',
    name: 'Second Admin',
    role: 'ADMIN',
    kyc: true,
    note: 'ADMIN, the second approver of large withdrawals',
  },
  {
    email: 'alice@example.com',
    password: 'Alice@123456',
    name: 'Alice Demo',
    role: 'USER',
    kyc: true,
    note: 'KYC-verified, with balances',
  },
  {
    email: 'bob@example.com',
    password: 'Bob@1234567',
    name: 'Bob Demo',
    role: 'USER',
    kyc: false,
    note: 'not KYC-verified',
  },
  // A second verified customer with no balances, so a P2P transfer has someone to go to.
  {
    email: 'carol@example.com',
    password: 'Carol@123456',
    name: 'Carol Demo',
    role: 'USER',
    kyc: true,
    note: 'KYC-verified, no balances',
  },
  // A verified customer with a past for the History screens: a completed withdrawal, a cancelled order.
  {
    email: 'dana@example.com',
    password: 'Dana@123456',
    name: 'Dana Demo',
    role: 'USER',
    kyc: true,
    note: 'KYC-verified, with a completed withdrawal and a cancelled order',
  },
] as const;

/** Creates the demo accounts, alice's balances and dana's past once; running it again changes nothing. */
export async function seedDemo(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    if (existing) continue;
    await ctx.db.insert(users).values({
      name: account.name,
      email: account.email,
      countryCode: '1',
      mobileNo: '5550100',
      passwordHash: await hashPassword(account.password),
      role: account.role,
      emailVerifiedAt: ctx.clock.now(),
      isKycVerified: account.kyc,
      refCode: newRefCode(),
    });
  }
  // The KYC-verified customer gets balances through the ledger; bob and the admin start empty.
  const [alice] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'alice@example.com'));
  if (alice) await seedDemoBalances(ctx.db, alice.id);
  const [dana] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'dana@example.com'));
  if (dana) await seedDemoHistory(ctx.db, dana.id, 'dana@example.com');
}
