import { formatMessage, messages as m, nftCreateFieldsSchema } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { readFormWithImage } from '../uploads/read-image-part';

const FIELDS = new Set(['name', 'description', 'price', 'coin']);

/**
 * Reads POST /admin/createNft's form data: the text fields name, description, price and coin, and
 * one image under the file field `image` (read as every upload is: uploads/read-image-part.ts). Any
 * other field is refused before anything is stored; the fields are checked with the shared schema,
 * its first message answering 400.
 */
export async function readNftForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const image = await readFormWithImage(request, {
    imageField: 'image',
    missing: m.nftImageRequired,
    onField: (name, value) => {
      if (!FIELDS.has(name) || typeof value !== 'string')
        throw new AppError('bad_request', formatMessage(m.uploadUnexpectedField, { field: 'image' }));
      fields[name] = value;
    },
  });
  const parsed = nftCreateFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new AppError('validation_failed', parsed.error.issues[0]?.message);
  if (image === null) throw new AppError('bad_request', m.nftImageRequired);
  return { fields: parsed.data, image };
}
