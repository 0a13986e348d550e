import { ledgerReportResponseSchema } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import type { HoldSource } from './hold-sources';
import { ledgerReportView, verifyLedger } from './verify-ledger';

/** Admin scope: the ledger check on demand (the same one `npm run ledger:verify` runs). */
export function ledgerAdminRoutes(app: ZodApi, ctx: AppContext, holdSources: readonly HoldSource[]): void {
  app.get('/admin/ledger/verify', { schema: { response: { 200: ledgerReportResponseSchema } } }, async () => {
    const report = ledgerReportView(await verifyLedger(ctx.db, { holdSources, now: () => ctx.clock.now() }));
    const message = report.consistent
      ? 'Ledger is consistent'
      : `Ledger has ${report.breach_count} breach(es)`;
    return { status: true, message, data: report };
  });
}
