import { z } from 'zod';
import { sortFields } from './admin-lists';
import { envelope } from './envelope';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';

// The admin audit log (issue 46 point 6): what each admin did, to whom and when, as a screen of its
// own, filtered, sorted, paged and downloaded as CSV.

/** The actions the back office records, for the screen's action filter (the server writes them). */
export const AUDIT_ACTIONS = [
  'ROLE_CHANGED',
  'ACCOUNT_DISABLED',
  'ACCOUNT_ENABLED',
  'WITHDRAWALS_FROZEN',
  'WITHDRAWALS_UNFROZEN',
  'KYC_APPROVED',
  'KYC_REJECTED',
  'SUPPORT_ANSWERED',
  'SUPPORT_STATUS_CHANGED',
  'DEBT_COLLECTED',
  'DEBT_WRITTEN_OFF',
  'WITHDRAWAL_FIRST_APPROVAL',
  'WITHDRAWAL_APPROVED',
  'WITHDRAWAL_REJECTED',
  'WITHDRAWAL_HELD',
  'NFT_CREATED',
  'NFT_SEND_REQUESTED',
  'TOTP_ENABLED',
  'TOTP_DISABLED',
] as const;

/** The columns the audit log sorts by. */
export const AUDIT_LOG_SORTS = ['createdAt', 'action'] as const;

const day = z.iso.date();

/**
 * POST /admin/audit-log (and GET /admin/audit-log/export.csv with the same fields as a query): paged,
 * newest first unless sorted otherwise; `admin` and `target` match a name or e-mail, `userId` keeps
 * the lines about one user, `action` one action (any SCREAMING_SNAKE_CASE name: older lines may carry
 * actions the list above no longer names), `from` and `to` are UTC days, both included.
 */
export const adminAuditLogRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  filters: {
    userId: z.uuid().optional(),
    admin: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
    target: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
    action: z
      .string()
      .regex(/^[A-Z][A-Z_]{0,63}$/)
      .optional(),
    from: day.optional(),
    to: day.optional(),
    ...sortFields(AUDIT_LOG_SORTS, 'createdAt'),
  },
});
export type AdminAuditLogRequest = z.input<typeof adminAuditLogRequestSchema>;
export type AdminAuditLogQuery = z.output<typeof adminAuditLogRequestSchema>;

/**
 * One line. `details` are the action's own facts, with amounts written as money: a decimal in the
 * asset's units (`amount: '6.46'` beside `asset: 'USD'`, not the ledger's 646 minor units) and a USD
 * value as dollars (`value_usd`).
 */
export const auditLogItemSchema = z.object({
  _id: z.string(),
  action: z.string(),
  admin: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  target: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;

export const adminAuditLogResponseSchema = envelope(
  z.object({
    content: z.array(auditLogItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type AdminAuditLogResponse = z.infer<typeof adminAuditLogResponseSchema>;

/** `amount: 6.46 USD, note: paid`: a line's details as the screen and the CSV write them. */
export function auditDetailsText(details: Readonly<Record<string, unknown>>): string {
  const { amount, asset, ...rest } = details;
  const parts: string[] = [];
  if (typeof amount === 'string')
    parts.push(`amount: ${amount}${typeof asset === 'string' ? ` ${asset}` : ''}`);
  else if (typeof asset === 'string') parts.push(`asset: ${asset}`);
  for (const [key, value] of Object.entries(rest))
    parts.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.join(', ');
}

/** The audit log's CSV columns. */
export const auditLogCsvHeader = ['time_utc', 'action', 'admin', 'target', 'details'] as const;
export function auditLogCsvCells(line: AuditLogItem): readonly (string | null)[] {
  return [
    line.createdAt,
    line.action,
    line.admin.email,
    line.target?.email ?? null,
    auditDetailsText(line.details),
  ];
}
