import type { P2pHistoryItem } from '@exchange/contracts';
import { type AssetCode, formatMinor, getAsset, isAssetCode, maskMobile } from '@exchange/domain';
import type { DbOrTx } from '../../platform/db';
import { listTransfers } from './p2p.repository';

/**
 * GET /p2p/p2phistory: what the user sent and received, in the spec's item shape. The other party's
 * phone number is masked: a transfer shares e-mail addresses, not phone numbers.
 */
export async function listP2pHistory(
  db: DbOrTx,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<{ items: P2pHistoryItem[]; total: number }> {
  const { rows, total } = await listTransfers(db, userId, query);
  const items = rows.map((row) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    senderEmail: row.senderEmail,
    receiverEmail: row.receiverEmail,
    senderName: row.senderName,
    receiverName: row.receiverName,
    senderMobile: row.senderId === userId ? row.senderMobile : maskMobile(row.senderMobile),
    receiverMobile: row.senderId === userId ? maskMobile(row.receiverMobile) : row.receiverMobile,
    from: {
      amount: formatMinor(
        BigInt(row.amount),
        isAssetCode(row.asset) ? getAsset(row.asset as AssetCode).scale : 0,
      ),
      currency_code: row.asset,
    },
    status: row.status,
  }));
  return { items, total };
}
