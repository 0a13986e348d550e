/**
 * Byte-level checks made before and after decoding an upload: which image format its first bytes
 * announce, whether anything follows the format's end marker (a polyglot: an image with a script or
 * an archive glued behind it), and whether markup is hidden anywhere inside.
 */
export type ImageFormat = 'png' | 'jpeg' | 'gif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The IEND chunk with its fixed CRC: a PNG's last 12 bytes. */
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** The format the magic number announces, or null for anything else (SVG, HTML, PDF, ...). */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/** True when the file ends exactly at its format's end marker. */
export function endsAtEndMarker(bytes: Buffer, format: ImageFormat): boolean {
  if (format === 'png') return bytes.length >= 12 && bytes.subarray(bytes.length - 12).equals(PNG_END);
  if (format === 'jpeg')
    return bytes.length >= 2 && bytes[bytes.length - 2] === 0xff && bytes.at(-1) === 0xd9;
  return bytes.at(-1) === 0x3b;
}

/**
 * Markup a browser or an interpreter would act on. Compressed pixel data matching one of these by
 * chance is vanishingly unlikely, while a polyglot needs one of them in clear text.
 */
const MARKUP = /<(script|html|svg|\?xml|\?php|!doctype|iframe|body|object|embed)[\s>/]/i;

export function containsMarkup(bytes: Buffer): boolean {
  return MARKUP.test(bytes.toString('latin1'));
}

/**
 * A client file name is never used to store anything, but one that tries to climb directories or
 * hide control characters says the client is up to something: refuse it.
 */
export function isSuspiciousFileName(name: string): boolean {
  return (
    name.length > 255 ||
    name.includes('/') ||
    name.includes('\\') ||
    name.includes('..') ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    /[\u0000-\u001f\u007f]/.test(name)
  );
}
