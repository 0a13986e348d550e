import { describe, expect, it } from 'vitest';
import {
  findIdentityMatches,
  type IdentityCandidate,
  identityKeysOf,
  nameDobKey,
  normaliseDocumentNumber,
  normaliseFullName,
} from './identity-match';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

function keys(
  over: Partial<{
    firstName: string;
    lastName: string;
    dob: string;
    documentNumbers: string[];
    imageHashes: string[];
  }> = {},
) {
  return identityKeysOf({
    firstName: 'Carol',
    lastName: 'Smith',
    dob: '1990-05-17',
    documentNumbers: ['AB 123-456'],
    imageHashes: [HASH_A],
    ...over,
  });
}

function candidate(userId: string, over: Parameters<typeof keys>[0] = {}): IdentityCandidate {
  return { kycId: `kyc-${userId}`, userId, ...keys(over) };
}

describe('normalising identity fields', () => {
  it('compares document numbers by letters and digits only, whatever the case and separators', () => {
    expect(normaliseDocumentNumber('ab 123-456')).toBe('AB123456');
    expect(normaliseDocumentNumber(' AB123456 ')).toBe('AB123456');
    expect(normaliseDocumentNumber('784-1990-1234567-1')).toBe('784199012345671');
    expect(normaliseDocumentNumber(' - ')).toBe('');
  });

  it('compares names without case, accents, extra spaces or word order', () => {
    expect(normaliseFullName('José', '  SMITH ')).toBe('jose smith');
    expect(normaliseFullName('Smith', 'Jose')).toBe('jose smith');
    expect(normaliseFullName('Anna Maria', 'Müller')).toBe('anna maria muller');
    expect(nameDobKey('Carol', 'Smith', '1990-05-17T00:00:00Z')).toBe('carol smith|1990-05-17');
    expect(nameDobKey(' ', ' ', '1990-05-17')).toBe('');
  });
});

describe('finding the accounts a submission matches', () => {
  it('flags the same document number written differently, and says so', () => {
    const mine = keys({ firstName: 'Other', imageHashes: [HASH_B] });
    const others = [candidate('u2', { documentNumbers: ['ab123456'] })];
    expect(findIdentityMatches('u1', mine, others)).toEqual([
      { kycId: 'kyc-u2', userId: 'u2', fields: ['document_number'] },
    ]);
  });

  it('flags the same name with the same date of birth, but not the same name born another day', () => {
    const mine = keys({ documentNumbers: ['X1'], imageHashes: [HASH_B] });
    const sameName = candidate('u2', { firstName: 'SMITH', lastName: 'carol', documentNumbers: ['Y2'] });
    const otherDay = candidate('u3', { dob: '1990-05-18', documentNumbers: ['Y3'] });
    expect(findIdentityMatches('u1', mine, [sameName, otherDay])).toEqual([
      { kycId: 'kyc-u2', userId: 'u2', fields: ['name_dob'] },
    ]);
  });

  it('flags the same image, and names every field that matched in a fixed order', () => {
    const mine = keys({ imageHashes: [HASH_B, HASH_A.toUpperCase()] });
    expect(findIdentityMatches('u1', mine, [candidate('u2')])).toEqual([
      { kycId: 'kyc-u2', userId: 'u2', fields: ['document_number', 'name_dob', 'image'] },
    ]);
    const imageOnly = keys({ firstName: 'Dan', documentNumbers: ['Z9'], imageHashes: [HASH_A] });
    expect(findIdentityMatches('u1', imageOnly, [candidate('u2')])).toEqual([
      { kycId: 'kyc-u2', userId: 'u2', fields: ['image'] },
    ]);
  });

  it("never counts the user's own earlier submissions, nor anything unrelated", () => {
    const mine = keys();
    expect(findIdentityMatches('u1', mine, [candidate('u1')])).toEqual([]);
    const stranger = candidate('u2', {
      firstName: 'Dan',
      documentNumbers: ['Q7'],
      imageHashes: [HASH_B],
    });
    expect(findIdentityMatches('u1', mine, [stranger])).toEqual([]);
  });

  it('lets empty keys match nothing', () => {
    const blank = { documentKeys: [], nameDobKey: '', imageHashes: [] };
    expect(findIdentityMatches('u1', blank, [{ kycId: 'k', userId: 'u2', ...blank }])).toEqual([]);
    expect(keys({ documentNumbers: ['--', 'AB-1', 'ab 1'] }).documentKeys).toEqual(['AB1']);
  });
});
