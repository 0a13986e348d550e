import type { TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import { makeImage, multipartBody } from '../uploads/upload-test-helpers';

/**
 * Every image and identity the helpers make is new: a KYC submission that shared a document image, a
 * document number or a name with birth date with another account's would be flagged as a possible
 * duplicate identity, which withholds referral rewards.
 */
let made = 0;
function nextIdentity(): { colour: { r: number; g: number; b: number }; serial: number } {
  made += 1;
  return { colour: { r: made % 256, g: Math.floor(made / 256) % 256, b: 17 }, serial: made };
}

/**
 * Uploads a small PNG as the user's KYC document and returns its stored name. Each call's image has
 * its own colour (and so its own content hash) unless a colour is given.
 */
export async function uploadKycImage(
  t: TestApp,
  user: TestUser,
  colour: { r: number; g: number; b: number } = nextIdentity().colour,
): Promise<string> {
  const bytes = await makeImage('png', { background: colour });
  const body = multipartBody([
    { field: 'type', value: 'KYC_DOC' },
    { field: 'kyc_doc_image', filename: 'doc.png', contentType: 'image/png', bytes },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/image/kyc-doc',
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.file.filename;
}

/** A valid KYC request naming the given images. */
export function kycRequest(front: string, back: string, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Carol',
    last_name: 'Smith',
    mobile_no: '5550123',
    country_code: '44',
    address: {
      landmark: 'Near the park',
      city: 'London',
      state: 'Greater London',
      country: 'United Kingdom',
    },
    dob: '1990-05-17',
    documents: [{ identifier: 'ID_CARD', number: 'AB 123-456', front_image: front, back_image: back }],
    ...overrides,
  };
}

/** A date of birth of its own for each serial, so names with birth dates do not repeat. */
function uniqueDob(serial: number): string {
  return new Date(Date.UTC(1950, 0, 1) + serial * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Uploads two images and submits KYC for the user; returns the new record's id. Unless overridden,
 * the document number, the birth date and both images are this submission's own, so it matches no
 * other account's identity.
 */
export async function submitTestKyc(
  t: TestApp,
  user: TestUser,
  overrides: {
    number?: string;
    first_name?: string;
    last_name?: string;
    dob?: string;
    frontColour?: { r: number; g: number; b: number };
  } = {},
): Promise<string> {
  const { serial } = nextIdentity();
  const { number, frontColour, ...fields } = overrides;
  const front = await uploadKycImage(t, user, frontColour);
  const back = await uploadKycImage(t, user);
  const request = kycRequest(front, back, { dob: uniqueDob(serial), ...fields });
  request.documents = [
    {
      identifier: 'ID_CARD',
      number: number ?? `TK ${serial}-${Math.random().toString(36).slice(2, 10)}`,
      front_image: front,
      back_image: back,
    },
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/kyc/create',
    payload: request,
    headers: user.headers,
  });
  if (res.statusCode !== 200) throw new Error(`KYC submission failed: ${res.body}`);
  return res.json().data._id;
}
