import { nftMessages as m, messages, nftCreateFieldsSchema } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { isSuspiciousFileName } from '../uploads/image-bytes';

const FIELDS = new Set(['name', 'description', 'price', 'coin']);

/**
 * Reads POST /admin/createNft's form data: the text fields name, description, price and coin, and
 * one image under the file field `image`. Any other field or file, a second image, a file name with
 * path tricks or a file over the size limit is refused before anything is stored; the fields are
 * checked with the shared schema, its first message answering 400.
 */
export async function readNftForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('bad_request', m.nftImageRequired);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!FIELDS.has(part.fieldname) || typeof part.value !== 'string')
          throw new AppError('bad_request', messages.uploadUnexpectedField.replace('{field}', 'image'));
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'image' || image !== null)
        throw new AppError('bad_request', messages.uploadUnexpectedField.replace('{field}', 'image'));
      if (isSuspiciousFileName(part.filename))
        throw new AppError('bad_request', messages.uploadFileNameInvalid);
      image = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('payload_too_large', messages.uploadImageTooLarge);
    // Whatever the multipart reader throws comes from the client's body, not a bug.
    throw new AppError('bad_request', m.nftImageRequired);
  }
  const parsed = nftCreateFieldsSchema.safeParse(fields);
  if (!parsed.success) throw new AppError('validation_failed', parsed.error.issues[0]?.message);
  if (image === null) throw new AppError('bad_request', m.nftImageRequired);
  return { fields: parsed.data, image };
}
