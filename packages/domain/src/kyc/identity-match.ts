/**
 * Duplicate-identity matching for KYC submissions (issue 35, item 2): one person opening several
 * accounts to farm referral rewards reuses their identity document, their name with their date of
 * birth, or the very same photo. A submission is compared with the PENDING and APPROVED submissions
 * of every other account on three keys, each normalised so that trivial variations still match.
 */

/** What can match between two submissions, in the order they are reported. */
export const IDENTITY_MATCH_FIELDS = ['document_number', 'name_dob', 'image'] as const;
export type IdentityMatchField = (typeof IDENTITY_MATCH_FIELDS)[number];

/** The comparable keys of one submission. Empty keys never match anything. */
export interface IdentityKeys {
  /** Normalised document numbers (normaliseDocumentNumber), without duplicates. */
  readonly documentKeys: readonly string[];
  /** Normalised full name with the date of birth (nameDobKey), or '' when there is no name. */
  readonly nameDobKey: string;
  /** SHA-256 hex digests of the stored (re-encoded) document images, without duplicates. */
  readonly imageHashes: readonly string[];
}

/** Another account's submission that the lookup found. */
export interface IdentityCandidate extends IdentityKeys {
  readonly kycId: string;
  readonly userId: string;
}

/** One other account's submission sharing an identity with this one, and what they share. */
export interface IdentityMatch {
  readonly kycId: string;
  readonly userId: string;
  readonly fields: readonly IdentityMatchField[];
}

/**
 * A document number compared by its letters and digits only, upper-cased: 'ab 123-456' and
 * 'AB123456' are the same card. Letters are folded to their base form first (NFKD without marks).
 */
export function normaliseDocumentNumber(raw: string): string {
  return foldMarks(raw)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * A full name compared without case, accents, repeated spaces or word order: 'José  SMITH' and
 * 'smith jose' are the same name (first and last name swapped is a cheap disguise).
 */
export function normaliseFullName(firstName: string, lastName: string): string {
  return foldMarks(`${firstName} ${lastName}`)
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .sort()
    .join(' ');
}

/** The name-with-birth-date key: the normalised name and the YYYY-MM-DD date, or '' without a name. */
export function nameDobKey(firstName: string, lastName: string, dob: string): string {
  const name = normaliseFullName(firstName, lastName);
  return name && dob ? `${name}|${dob.slice(0, 10)}` : '';
}

/** The keys of a submission as entered, with the hashes of its stored images. */
export function identityKeysOf(submission: {
  readonly firstName: string;
  readonly lastName: string;
  readonly dob: string;
  readonly documentNumbers: readonly string[];
  readonly imageHashes: readonly string[];
}): IdentityKeys {
  return {
    documentKeys: unique(submission.documentNumbers.map(normaliseDocumentNumber)),
    nameDobKey: nameDobKey(submission.firstName, submission.lastName, submission.dob),
    imageHashes: unique(submission.imageHashes.map((hash) => hash.toLowerCase())),
  };
}

/**
 * The other accounts' submissions that share a key with `mine`: one match per submission, naming
 * every field that matched in IDENTITY_MATCH_FIELDS order, in the candidates' order. The user's own
 * earlier submissions never count (a resubmission after a rejection repeats the same identity), and
 * empty keys match nothing.
 */
export function findIdentityMatches(
  userId: string,
  mine: IdentityKeys,
  candidates: readonly IdentityCandidate[],
): IdentityMatch[] {
  const matches: IdentityMatch[] = [];
  for (const other of candidates) {
    if (other.userId === userId) continue;
    const fields: IdentityMatchField[] = [];
    if (overlaps(mine.documentKeys, other.documentKeys)) fields.push('document_number');
    if (mine.nameDobKey !== '' && mine.nameDobKey === other.nameDobKey) fields.push('name_dob');
    if (overlaps(mine.imageHashes, other.imageHashes)) fields.push('image');
    if (fields.length > 0) matches.push({ kycId: other.kycId, userId: other.userId, fields });
  }
  return matches;
}

function foldMarks(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

function unique(keys: readonly string[]): string[] {
  return [...new Set(keys.filter((key) => key.length > 0))];
}

function overlaps(a: readonly string[], b: readonly string[]): boolean {
  return a.some((key) => key.length > 0 && b.includes(key));
}
