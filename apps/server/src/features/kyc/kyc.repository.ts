import { desc, eq } from 'drizzle-orm';
import { type KycDocumentRow, type KycIdentityMatchRow, kycRecords, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export type KycRow = typeof kycRecords.$inferSelect;

export interface NewKyc {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly mobileNo: string;
  readonly countryCode: string;
  readonly dob: string;
  readonly landmark: string;
  readonly city: string;
  readonly state: string;
  readonly country: string;
  readonly documents: KycDocumentRow[];
  readonly documentKeys: string[];
  readonly nameDobKey: string;
  readonly imageHashes: string[];
  readonly identityMatches: KycIdentityMatchRow[];
}

export async function insertKyc(db: DbOrTx, row: NewKyc): Promise<KycRow> {
  const [inserted] = await db.insert(kycRecords).values(row).returning();
  if (!inserted) throw new Error('KYC insert returned nothing');
  return inserted;
}

export async function latestKycOf(db: DbOrTx, userId: string): Promise<KycRow | null> {
  const [row] = await db
    .select()
    .from(kycRecords)
    .where(eq(kycRecords.userId, userId))
    .orderBy(desc(kycRecords.createdAt))
    .limit(1);
  return row ?? null;
}

/** Every KYC submission of the user, newest first. */
export async function kycRecordsOf(db: DbOrTx, userId: string): Promise<KycRow[]> {
  return db
    .select()
    .from(kycRecords)
    .where(eq(kycRecords.userId, userId))
    .orderBy(desc(kycRecords.createdAt));
}

/** Where to tell a user about their KYC decision. */
export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
