import { MARKETS } from '@exchange/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, ZodApi } from '../../platform/app-context';
import type { Metrics } from '../../platform/metrics';
import { migrationsApplied } from '../../platform/migrations-status';
import { requireFreshPrice } from '../../platform/prices';

/** What readiness reports: each check passes or says why not. */
const readinessSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  checks: z.object({
    database: z.string(),
    migrations: z.string(),
    prices: z.string(),
    shutdown: z.string(),
  }),
});

/** Whether this process is shutting down: readiness turns false so the proxy stops sending it work. */
export interface Lifecycle {
  readonly draining: () => boolean;
}

/** The assets readiness needs fresh: every open market's base coin and USDT, the quote of them all. */
const PRICED_ASSETS = [...new Set(['USDT' as const, ...MARKETS.filter((m) => !m.closed).map((m) => m.base)])];

export function healthRoutes(app: ZodApi, ctx: AppContext, lifecycle?: Lifecycle): void {
  const healthSchema = { response: { 200: z.object({ status: z.boolean(), message: z.string() }) } };
  app.get('/health', { schema: healthSchema }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: true, message: 'ok' };
  });

  // Liveness: the process answers. Nothing external is checked, so a database outage never gets every
  // replica restarted at once; readiness takes it out of the proxy instead.
  app.get('/health/live', { schema: healthSchema }, async () => ({ status: true, message: 'ok' }));

  app.get(
    '/health/ready',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const checks = { database: 'ok', migrations: 'ok', prices: 'ok', shutdown: 'ok' };
      try {
        await ctx.db.execute(sql`select 1`);
        const migrations = await migrationsApplied(ctx.db);
        if (!migrations.ok)
          checks.migrations = `${migrations.applied} of ${migrations.shipped} migrations applied`;
      } catch {
        // Never the driver's text: it can name the host, the database and the role.
        checks.database = 'unreachable';
        checks.migrations = 'unknown';
      }
      const stale = PRICED_ASSETS.filter((asset) => {
        try {
          requireFreshPrice(ctx, asset);
          return false;
        } catch {
          return true;
        }
      });
      if (stale.length > 0) checks.prices = `no fresh price for ${stale.join(', ')}`;
      if (lifecycle?.draining()) checks.shutdown = 'shutting down';
      const ready = Object.values(checks).every((check) => check === 'ok');
      reply.code(ready ? 200 : 503);
      return { status: ready, message: ready ? 'ready' : 'not ready', checks };
    },
  );
}

/** Prometheus text format at /metrics (outside /api/v1: scrapers expect it there). */
export function metricsRoutes(app: ZodApi, metrics: Metrics): void {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
