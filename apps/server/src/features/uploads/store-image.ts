import { createHash, randomUUID } from 'node:crypto';
import type { UploadType } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import type { JobSlots } from '../../platform/job-slots';
import { normaliseImage } from './normalise-image';
import { insertUpload, storageKeyOf } from './uploads.repository';

/**
 * Checks and re-encodes an uploaded image, stores it under a random name and records who owns it.
 * Nothing is stored unless every check passed; if recording fails, the stored file is removed.
 */
export async function storeImage(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  imageJobs: JobSlots,
  userId: string,
  kind: UploadType,
  raw: Buffer,
): Promise<{ filename: string }> {
  const image = await normaliseImage(raw, imageJobs);
  const filename = `${randomUUID()}.${image.extension}`;
  const key = storageKeyOf(kind, filename);
  await ctx.storage.put(key, image.bytes, image.contentType);
  try {
    await insertUpload(ctx.db, {
      userId,
      kind,
      filename,
      contentType: image.contentType,
      sizeBytes: image.bytes.length,
      // The stored bytes' digest: KYC compares it across accounts (one image, one identity).
      contentSha256: createHash('sha256').update(image.bytes).digest('hex'),
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  return { filename };
}
