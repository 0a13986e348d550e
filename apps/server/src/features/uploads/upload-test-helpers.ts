import sharp from 'sharp';

/** A small real image of the given format, made by sharp. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'gif',
  options: {
    width?: number;
    height?: number;
    withExif?: boolean;
    background?: { r: number; g: number; b: number };
  } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 16,
      height: options.height ?? 12,
      channels: 3,
      background: options.background ?? { r: 200, g: 40, b: 90 },
    },
  });
  if (format === 'jpeg') {
    const jpeg = image.jpeg();
    return options.withExif
      ? jpeg
          .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner', Artist: 'A. Person' } } })
          .toBuffer()
      : jpeg.toBuffer();
  }
  return format === 'png' ? image.png().toBuffer() : image.gif().toBuffer();
}

export interface MultipartFile {
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** A multipart/form-data body for app.inject, parts in the given order. */
export function multipartBody(parts: ReadonlyArray<MultipartFile | { field: string; value: string }>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
