import type { TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import { makeImage, multipartBody } from '../uploads/upload-test-helpers';

type Fields = { name?: string; description?: string; price?: string; coin?: string };

/** POST /admin/createNft as `admin` with a real PNG and the given fields (defaults fill the rest). */
export async function createNftRequest(t: Pick<TestApp, 'app'>, admin: TestUser | null, fields: Fields = {}) {
  const values = { name: 'Blue Ape', description: 'A blue ape.', price: '0.5', coin: 'ETH', ...fields };
  const body = multipartBody([
    ...Object.entries(values).map(([field, value]) => ({ field, value })),
    { field: 'image', filename: 'ape.png', contentType: 'image/png', bytes: await makeImage('png') },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/createNft',
    headers: { ...(admin?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

/** Creates an item and returns its id. */
export async function createNft(
  t: Pick<TestApp, 'app'>,
  admin: TestUser,
  fields: Fields = {},
): Promise<string> {
  const res = await createNftRequest(t, admin, fields);
  if (res.statusCode !== 200) throw new Error(`createNft failed: ${res.body}`);
  return res.json().data._id;
}

/** A JSON POST under /api/v1 as `user` (null: anonymous). */
export function postAs(t: Pick<TestApp, 'app'>, user: TestUser | null, url: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user?.headers ?? {}, payload });
}
