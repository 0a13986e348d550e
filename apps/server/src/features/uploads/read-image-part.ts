import { formatMessage, messages, UPLOAD_FIELD_BY_TYPE, type UploadType } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { isSuspiciousFileName } from './image-bytes';

/**
 * Reads a multipart form that carries one image under `imageField`: each text field goes to
 * `onField`, which refuses what it does not expect by throwing an AppError. Any other file, a second
 * file, a file name with path tricks or a file over the size limit is refused before anything is
 * stored; a body that is not multipart, or that the multipart reader cannot read, answers `missing`.
 * The image is null when the form has none: the caller says when that is refused.
 */
export async function readFormWithImage(
  request: FastifyRequest,
  options: {
    readonly imageField: string;
    readonly missing: string;
    readonly onField: (name: string, value: unknown) => void;
  },
): Promise<Buffer | null> {
  const { imageField: field, missing } = options;
  if (!request.isMultipart()) throw new AppError('bad_request', missing);
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        options.onField(part.fieldname, part.value);
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
    throw new AppError('bad_request', missing);
  }
  return image;
}

/**
 * Reads the one image of an upload request: the file under the spec's field name for this type,
 * and an optional `type` field that must name the same type.
 */
export async function readImagePart(request: FastifyRequest, type: UploadType): Promise<Buffer> {
  const image = await readFormWithImage(request, {
    imageField: UPLOAD_FIELD_BY_TYPE[type],
    missing: messages.uploadImageRequired,
    onField: (name, value) => {
      if (name === 'type' && value !== type) throw new AppError('bad_request', messages.uploadTypeMismatch);
    },
  });
  if (image === null) throw new AppError('bad_request', messages.uploadImageRequired);
  return image;
}
