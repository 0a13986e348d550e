import type { TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import { makeImage, multipartBody } from '../uploads/upload-test-helpers';

/** Uploads a small PNG as the user's KYC document and returns its stored name. */
export async function uploadKycImage(t: TestApp, user: TestUser): Promise<string> {
  const body = multipartBody([
    { field: 'type', value: 'KYC_DOC' },
    { field: 'kyc_doc_image', filename: 'doc.png', contentType: 'image/png', bytes: await makeImage('png') },
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

/** Uploads two images and submits KYC for the user; returns the new record's id. */
export async function submitTestKyc(t: TestApp, user: TestUser): Promise<string> {
  const front = await uploadKycImage(t, user);
  const back = await uploadKycImage(t, user);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/kyc/create',
    payload: kycRequest(front, back),
    headers: user.headers,
  });
  if (res.statusCode !== 200) throw new Error(`KYC submission failed: ${res.body}`);
  return res.json().data._id;
}
