import { adminKycListRequestSchema, exportPath } from '@exchange/contracts';
import type { AppContext, ZodApi } from '../../platform/app-context';
import { sendKeysetCsv } from '../../platform/csv-export';
import { type KycWithUser, kycAfter, kycListCursor } from './admin-kyc.repository';

const header = [
  'created_utc',
  'customer',
  'email',
  'first_name',
  'last_name',
  'status',
  'identity_flagged',
  'decided_utc',
  'id',
];

function cells({ kyc, user }: KycWithUser) {
  return [
    kyc.createdAt.toISOString(),
    user.name,
    user.email,
    kyc.firstName,
    kyc.lastName,
    kyc.status,
    kyc.identityMatches.length > 0 ? 'yes' : 'no',
    kyc.decidedAt?.toISOString() ?? null,
    kyc.id,
  ];
}

/** Admin scope: the KYC list as a CSV file (no documents), with the list's search, status and sort. */
export function kycExportRoutes(app: ZodApi, ctx: AppContext): void {
  app.get(
    exportPath('/admin/get-all-kyc'),
    { schema: { querystring: adminKycListRequestSchema } },
    async (request, reply) => {
      const query = request.query;
      return sendKeysetCsv(
        reply,
        ctx,
        { name: 'kyc', header, cells },
        (tx, after, limit) => kycAfter(tx, query, after, limit),
        (row) => kycListCursor(query, row),
      );
    },
  );
}
