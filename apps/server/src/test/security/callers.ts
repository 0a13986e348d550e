import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createTokenService } from '../../platform/auth';
import type { RouteEntry } from '../../platform/route-access';
import type { TestApp } from '../test-app';
import { createTestUser, type TestUser } from '../test-users';

/** The people the authorisation matrix calls every route as. */
export type CallerName = 'anonymous' | 'userA' | 'userB' | 'unverified' | 'disabled' | 'expired' | 'admin';

export interface Callers {
  readonly userA: TestUser;
  readonly userB: TestUser;
  readonly unverified: TestUser;
  readonly disabled: TestUser;
  readonly admin: TestUser;
  /** The headers each caller sends (none for the anonymous one). */
  readonly headers: Record<CallerName, Record<string, string>>;
}

/**
 * Two KYC-verified users, one without KYC, one disabled, an admin (KYC-verified, so the KYC scope
 * is open to them too), and user A's identity behind a token that expired an hour ago.
 */
export async function createCallers(t: TestApp): Promise<Callers> {
  const userA = await createTestUser(t, { kyc: true, name: 'Alice Matrix' });
  const userB = await createTestUser(t, { kyc: true, name: 'Bob Matrix' });
  const unverified = await createTestUser(t, { kyc: false });
  const disabled = await createTestUser(t, { kyc: true });
  await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
  const admin = await createTestUser(t, { kyc: true, role: 'ADMIN' });
  const anHourAgo = () => new Date(t.ctx.clock.now().getTime() - 3_600_000);
  const past = createTokenService(t.ctx.config.jwtSecret, 60, anHourAgo);
  const expired = await past.signAccessToken({ userId: userA.id, role: 'USER', sessionId: userA.sessionId });
  return {
    userA,
    userB,
    unverified,
    disabled,
    admin,
    headers: {
      anonymous: {},
      userA: userA.headers,
      userB: userB.headers,
      unverified: unverified.headers,
      disabled: disabled.headers,
      expired: { authorization: `Bearer ${expired}` },
      admin: admin.headers,
    },
  };
}

/** What a guard answers each caller on a route of each access level: the status, or 'through'. */
export function expectedGuardOutcome(
  access: RouteEntry['access'],
  caller: CallerName,
): 401 | 403 | 'through' {
  if (access === 'public') return 'through';
  if (caller === 'anonymous' || caller === 'disabled' || caller === 'expired') return 401;
  if (access === 'user') return 'through';
  if (access === 'kyc') return caller === 'unverified' ? 403 : 'through';
  return caller === 'admin' ? 'through' : 403;
}

/** The API routes a client can call with a plain request (HEAD mirrors GET; sockets are tested apart). */
export function httpApiRoutes(routes: ReadonlyArray<RouteEntry>): RouteEntry[] {
  return routes.filter(
    (route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD' && !route.websocket,
  );
}

/** A concrete URL for a route: every `:param` gets a plausible value that names nothing. */
export function concreteUrl(url: string): string {
  const samples: Record<string, string> = {
    side: 'buy',
    symbol: 'BTC',
    marketId: 'BTC-USDT',
    filename: '00000000000000000000000000000000.png',
    orderId: 'SANDBOX-00000000',
  };
  return url.replace(
    /:(\w+)/g,
    (_match, name: string) => samples[name] ?? '00000000-0000-4000-8000-000000000000',
  );
}
