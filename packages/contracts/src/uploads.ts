import { z } from 'zod';
import { envelope } from './envelope';
import { messages as m } from './messages';

export const UPLOAD_TYPES = ['KYC_DOC', 'PROFILE_IMAGE'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The spec's multipart field name for each upload type. */
export const UPLOAD_FIELD_BY_TYPE: Readonly<Record<UploadType, string>> = {
  KYC_DOC: 'kyc_doc_image',
  PROFILE_IMAGE: 'profile_image',
};

/** Largest accepted upload (bytes) and decoded image (pixels). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 25_000_000;

/** The spec's accepted extensions (a client-side hint: the server decides by the bytes). */
export const UPLOAD_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

/** A stored upload's name: always the server's random name, never the client's. */
export const uploadedFilenameSchema = z
  .string({ error: m.fileNotFound })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif)$/, m.fileNotFound);

export const uploadedFileParamsSchema = z.object({ filename: uploadedFilenameSchema });

/** POST /upload/image/kyc-doc and /upload/image/profile-image answer `data.file.filename`. */
export const uploadResponseSchema = envelope(z.object({ file: z.object({ filename: z.string() }) }));
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
