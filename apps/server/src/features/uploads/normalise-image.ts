import { messages, UPLOAD_MAX_PIXELS } from '@exchange/contracts';
import type { Sharp } from 'sharp';
import { AppError } from '../../platform/errors';
import type { JobSlots } from '../../platform/job-slots';
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
 * The decode and re-encode run in one of `slots` (a few per process: each holds the image's pixels
 * in memory and a core busy), waiting for one when all are taken.
 */
export async function normaliseImage(bytes: Buffer, slots: JobSlots): Promise<NormalisedImage> {
  if (bytes.length === 0) throw new AppError('bad_request', messages.uploadImageRequired);
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new AppError('unsupported_image', messages.uploadImageType);

  // Loaded on first upload, not at start: sharp's native binding costs about half a second to load.
  const { default: sharp } = await import('sharp');
  let output: Buffer;
  try {
    output = await slots.run(async () => {
      // failOn 'truncated' refuses cut-off files; limitInputPixels refuses decompression bombs
      // before their pixels are allocated. Only the first frame of a GIF is kept.
      const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: UPLOAD_MAX_PIXELS });
      const meta = await image.metadata();
      if (meta.format !== sniffed) throw new AppError('unsupported_image', messages.uploadImageType);
      return encodeLightly(image.rotate(), sniffed).toBuffer();
    });
  } catch (error) {
    // Our own refusals pass through, the slots' 503 (all taken for too long) among them.
    if (error instanceof AppError) throw error;
    const text = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(text)) throw new AppError('payload_too_large', messages.uploadImageTooManyPixels);
    throw new AppError('image_damaged', messages.uploadImageDamaged);
  }
  if (!endsAtEndMarker(bytes, sniffed) || containsMarkup(bytes))
    throw new AppError('image_hidden_content', messages.uploadImageHiddenContent);
  return { bytes: output, format: sniffed, ...OUTPUT[sniffed] };
}

/**
 * Re-encodes with the encoders' everyday effort, not their most: zlib level 6 (level 9 costs several
 * times the CPU for a file a few per cent smaller), plain libjpeg at quality 85 (mozjpeg's trellis
 * quantisation and progressive scans cost several times the CPU of a baseline encode) and a quick
 * GIF palette. The output is a stored copy of a photo, not an archive master.
 */
function encodeLightly(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'png') return image.png({ compressionLevel: 6 });
  if (format === 'jpeg') return image.jpeg({ quality: 85, mozjpeg: false });
  return image.gif({ effort: 3 });
}
