import type { UploadType } from '@exchange/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { uploads } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export type UploadRow = typeof uploads.$inferSelect;

/** The storage key of an upload: its kind's folder and its random name. */
export function storageKeyOf(kind: UploadType, filename: string): string {
  return `${STORAGE_FOLDERS[kind]}/${filename}`;
}

const STORAGE_FOLDERS: Readonly<Record<UploadType, string>> = {
  KYC_DOC: 'kyc-doc',
  PROFILE_IMAGE: 'profile-image',
  NFT_IMAGE: 'nft-image',
};

export async function insertUpload(
  db: DbOrTx,
  row: {
    userId: string;
    kind: UploadType;
    filename: string;
    contentType: string;
    sizeBytes: number;
    contentSha256: string;
  },
): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: DbOrTx, kind: UploadType, filename: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.kind, kind), eq(uploads.filename, filename)))
    .limit(1);
  return row ?? null;
}

/** Which of these file names are the user's own uploads of this kind. */
export async function ownedUploadNames(
  db: DbOrTx,
  userId: string,
  kind: UploadType,
  filenames: readonly string[],
): Promise<Set<string>> {
  if (filenames.length === 0) return new Set();
  const rows = await db
    .select({ filename: uploads.filename })
    .from(uploads)
    .where(
      and(eq(uploads.userId, userId), eq(uploads.kind, kind), inArray(uploads.filename, [...filenames])),
    );
  return new Set(rows.map((row) => row.filename));
}
