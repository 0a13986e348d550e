import { messages, UPLOAD_MAX_PIXELS } from '@exchange/contracts';
import { AppError } from '../../platform/errors';
import { containsMarkup, endsAtEndMarker, type ImageFormat, sniffImageFormat } from './image-bytes';

export interface NormalisedImage {
  readonly bytes: Buffer;
  readonly format: ImageFormat;
  readonly extension: 'png' | 'jpg' | 'gif';
  readonly contentType: string;
}

const OUTPUT: Record<ImageFormat, { extension: NormalisedImage['extension']; contentType: string }> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  gif: { extension: 'gif', contentType: 'image/gif' },
};

/**
 * Accepts a PNG, JPEG or GIF decided by its bytes, and returns it re-encoded by sharp: the new file
 * holds only pixels (no metadata, comments or trailing data), oriented as the camera meant. Checks,
 * in order: not empty; the magic number names one of the three formats (SVG, HTML and everything
 * else stop here); the decoder reads the whole image within the pixel cap (truncated or damaged
 * files stop here); the file ends at its end marker and carries no markup (polyglots stop here).
 */
export async function normaliseImage(bytes: Buffer): Promise<NormalisedImage> {
  if (bytes.length === 0) throw new AppError('bad_request', messages.uploadImageRequired);
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new AppError('unsupported_image', messages.uploadImageType);

  // Loaded on first upload, not at start: sharp's native binding costs about half a second to load.
  const { default: sharp } = await import('sharp');
  let output: Buffer;
  try {
    // failOn 'truncated' refuses cut-off files; limitInputPixels refuses decompression bombs
    // before their pixels are allocated. Only the first frame of a GIF is kept.
    const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: UPLOAD_MAX_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== sniffed) throw new AppError('unsupported_image', messages.uploadImageType);
    const oriented = image.rotate();
    const encoded =
      sniffed === 'png'
        ? oriented.png({ compressionLevel: 9 })
        : sniffed === 'jpeg'
          ? oriented.jpeg({ quality: 90, mozjpeg: true })
          : oriented.gif();
    output = await encoded.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const text = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(text)) throw new AppError('payload_too_large', messages.uploadImageTooManyPixels);
    throw new AppError('image_damaged', messages.uploadImageDamaged);
  }
  if (!endsAtEndMarker(bytes, sniffed) || containsMarkup(bytes))
    throw new AppError('image_hidden_content', messages.uploadImageHiddenContent);
  return { bytes: output, format: sniffed, ...OUTPUT[sniffed] };
}
