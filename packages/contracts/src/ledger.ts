import { z } from 'zod';
import { envelope } from './envelope';

/** One broken invariant, with its details as strings (amounts in minor units). */
export const ledgerBreachSchema = z.object({ code: z.string() }).catchall(z.string());
export type LedgerBreachView = z.infer<typeof ledgerBreachSchema>;

/** GET /admin/ledger/verify: the ledger check's report. */
export const ledgerReportSchema = z.object({
  consistent: z.boolean(),
  checked_at: z.string(),
  duration_ms: z.number().int(),
  accounts: z.number().int(),
  entries: z.number().int(),
  postings: z.number().int(),
  hold_sources: z.array(z.string()),
  /** The first 100 breaches; `breach_count` says how many there are. */
  breaches: z.array(ledgerBreachSchema),
  breach_count: z.number().int(),
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;
export const ledgerReportResponseSchema = envelope(ledgerReportSchema);
