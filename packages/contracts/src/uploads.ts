import { z } from 'zod';
import { envelope } from './envelope';
import { messages as m } from './messages';

export const UPLOAD_TYPES = ['KYC_DOC', 'PROFILE_IMAGE', 'NFT_IMAGE'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The spec's multipart field name for each upload type. */
export const UPLOAD_FIELD_BY_TYPE: Readonly<Record<UploadType, string>> = {
  KYC_DOC: 'kyc_doc_image',
  PROFILE_IMAGE: 'profile_image',
  // An admin's NFT artwork (POST /admin/createNft, issue 40).
  NFT_IMAGE: 'image',
};

/**
 * Largest accepted upload (bytes) and decoded image (pixels). 16 megapixels (4096 x 4096) hold a
 * 12-megapixel phone photo, more than a document needs, and match the byte cap (a larger photo is
 * rarely under 5 MB anyway); each image being decoded holds up to 64 MB of pixels, so the cap
 * times the concurrent image jobs (UPLOAD_IMAGE_JOBS) bounds the memory uploads can take.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 4096 * 4096;

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
