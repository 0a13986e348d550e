import type { UploadType } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import { kycRecords, nftItems, uploads, users } from '../../db/schema';
import type { AppContext } from '../../platform/app-context';
import { storageKeyOf } from '../uploads/uploads.repository';

/** How long an upload may wait to be named by a profile or a KYC submission. */
export const UNATTACHED_UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;
/** Uploads pruned per run at most, oldest first; the hourly job takes the rest next time. */
export const UNATTACHED_UPLOAD_BATCH = 500;

/**
 * Deletes the uploads older than a day that nothing names: an upload is attached while it is its
 * owner's profile picture (users.profile_pic) or an image of one of its owner's KYC submissions,
 * whatever that submission's status (kyc_records.documents' front_image or back_image), or the
 * image of an NFT (nft_items.image_upload_id). A picture
 * replaced by a newer one is no longer named, so it goes too. A feature that comes to name uploads
 * elsewhere must add that reference here.
 *
 * The rows go first, in one statement, and then their files: a file whose delete fails stays behind
 * unnamed (logged), but no row ever names a missing file. Only uploads older than a day are taken,
 * so an upload being attached right now is never one of them unless its owner took a day over it.
 */
export async function pruneUnattachedUploads(
  ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>,
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_UPLOAD_KEEP_MS);
  const gone = await ctx.db.execute<{ kind: UploadType; filename: string }>(sql`
    DELETE FROM ${uploads} WHERE ${uploads.id} IN (
      SELECT u.id FROM ${uploads} u
      WHERE u.created_at < ${before}
        AND NOT EXISTS (
          SELECT 1 FROM ${users} p WHERE p.id = u.user_id AND p.profile_pic = u.filename)
        AND NOT EXISTS (
          SELECT 1 FROM ${kycRecords} k
          WHERE k.user_id = u.user_id
            AND (k.documents @> jsonb_build_array(jsonb_build_object('front_image', u.filename))
              OR k.documents @> jsonb_build_array(jsonb_build_object('back_image', u.filename))))
        AND NOT EXISTS (SELECT 1 FROM ${nftItems} n WHERE n.image_upload_id = u.id)
      ORDER BY u.created_at
      LIMIT ${UNATTACHED_UPLOAD_BATCH})
    RETURNING ${uploads.kind} AS kind, ${uploads.filename} AS filename`);
  for (const row of gone.rows) {
    try {
      await ctx.storage.delete(storageKeyOf(row.kind, row.filename));
    } catch (error) {
      ctx.logger.warn({ err: error, file: row.filename }, 'could not delete a pruned upload’s file');
    }
  }
  return gone.rows.length;
}
