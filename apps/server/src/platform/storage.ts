import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from './config';

/**
 * Where uploaded files live. Keys are `<folder>/<random file name>`, made by the server only; each
 * implementation still refuses any other shape, so a key can never climb out of its folder.
 */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z-]{1,32}\/[A-Za-z0-9-]{1,64}\.(png|jpg|gif)$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`refusing storage key ${JSON.stringify(key)}`);
}

/** Files under one directory (DATA_DIR/uploads in embedded mode). Writes go through a rename, so a
 * reader never sees half a file. */
export function createDirectoryStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(path.resolve(root), key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/**
 * An S3-compatible bucket, so every server process sees the same files. The SDK is loaded on first
 * use: it takes about a second to load, which every start paid even in directory mode.
 */
export function createS3Storage(options: {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
}): Storage {
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle,
      }),
    }));
    return loaded;
  };
  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: options.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}

export function storageFromConfig(config: Config): Storage {
  const storage = config.storage;
  return storage.kind === 's3' ? createS3Storage(storage) : createDirectoryStorage(storage.dir);
}
