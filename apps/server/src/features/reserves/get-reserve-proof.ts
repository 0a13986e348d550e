import { messages as m, type ReserveProof } from '@exchange/contracts';
import { EMPTY_HASH, getAsset, isAssetCode, toHex } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { findLeaf, findNodes, findReport } from './reserves.repository';
import { openSaltKey, reservesSaltBox, saltFor } from './reserves-salts';

/** How many nodes each level of a tree over `leaves` leaves has, from the leaves up to the root. */
export function levelCounts(leaves: number): number[] {
  const counts = [Math.max(leaves, 1)];
  while ((counts[counts.length - 1] as number) > 1)
    counts.push(Math.ceil((counts[counts.length - 1] as number) / 2));
  return counts;
}

/**
 * The signed-in customer's own proof for a report: their leaf (id, salt, balances) and the siblings up
 * to the root. Only the caller's own: the user id comes from the session, never from the request.
 * A report made before the customer had an account has no leaf of theirs: not found.
 */
export async function getReserveProof(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  reportId: string,
): Promise<ReserveProof> {
  const report = await findReport(ctx.db, reportId);
  if (!report) throw new AppError('not_found', m.reservesReportNotFound);
  const leaf = await findLeaf(ctx.db, reportId, userId);
  if (!leaf) throw new AppError('not_found', m.reservesNotIncluded);
  const counts = levelCounts(report.leaf_count);
  const places = counts.slice(0, -1).map((_, level) => ({ level, position: (leaf.position >> level) ^ 1 }));
  const nodes = await findNodes(ctx.db, reportId, places);
  const k = report.assets.length;
  const saltKey = openSaltKey(reservesSaltBox(ctx.config.otpHmacKey), reportId, report.salt_key_sealed);
  return {
    version: 1,
    report: {
      _id: report.id,
      created_at: report.created_at.toISOString(),
      root_hash: report.root_hash,
      assets: report.assets,
      scales: report.assets.map((asset) => (isAssetCode(asset) ? getAsset(asset).scale : 0)),
      totals: report.totals,
    },
    leaf: { account_id: userId, salt: toHex(saltFor(saltKey, userId)), balances: leaf.balances },
    path: places.map(({ level, position }) => {
      const node = nodes.get(`${level}:${position}`);
      return {
        side: position % 2 === 0 ? ('left' as const) : ('right' as const),
        hash: node?.hash ?? toHex(EMPTY_HASH),
        sums: node?.sums ?? new Array<string>(k).fill('0'),
      };
    }),
  };
}
