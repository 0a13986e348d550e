import { formatMessage, messages, UPLOAD_FIELD_BY_TYPE, type UploadType } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { isSuspiciousFileName } from './image-bytes';

/**
 * Reads the one image of an upload request: the file under the spec's field name for this type,
 * and an optional `type` field that must name the same type. Any other file, a second file, a file
 * name with path tricks or a file over the size limit is refused before anything is stored.
 */
export async function readImagePart(request: FastifyRequest, type: UploadType): Promise<Buffer> {
  const field = UPLOAD_FIELD_BY_TYPE[type];
  if (!request.isMultipart()) throw new AppError('bad_request', messages.uploadImageRequired);
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'type' && part.value !== type)
          throw new AppError('bad_request', messages.uploadTypeMismatch);
        continue;
      }
      if (part.fieldname !== field || image !== null)
        throw new AppError('bad_request', formatMessage(messages.uploadUnexpectedField, { field }));
      if (isSuspiciousFileName(part.filename))
        throw new AppError('bad_request', messages.uploadFileNameInvalid);
      image = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('payload_too_large', messages.uploadImageTooLarge);
    // Nothing here touches storage: whatever the multipart reader throws (busboy's "Boundary not
    // found", a malformed part header, a truncated form) comes from the client's body, not a bug.
    throw new AppError('bad_request', messages.uploadImageRequired);
  }
  if (image === null) throw new AppError('bad_request', messages.uploadImageRequired);
  return image;
}
