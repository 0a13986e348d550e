import path from 'node:path';
import { z } from 'zod';

/**
 * Where uploads are kept: the environment variables (spread into config.ts's env schema, so they are
 * documented and parsed with the rest) and their typed settings.
 */
export const storageEnv = {
  STORAGE: z.enum(['data', 's3']).default('data'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['on', 'off']).default('off'),
};

type StorageEnv = z.output<z.ZodObject<typeof storageEnv>>;

export interface StorageConfig {
  /**
   * Where uploaded images go: the data directory (DATA_DIR/uploads, one machine) or an S3-compatible
   * bucket that several server processes share. S3 credentials come from the SDK's usual environment
   * variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), never from this file.
   */
  readonly storage:
    | { readonly kind: 'data'; readonly dir: string }
    | {
        readonly kind: 's3';
        readonly bucket: string;
        readonly region: string;
        readonly endpoint: string | undefined;
        readonly forcePathStyle: boolean;
      };
}

export function storageConfig(env: StorageEnv, dataDir: string): StorageConfig {
  return {
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'on',
          }
        : { kind: 'data', dir: path.join(dataDir, 'uploads') },
  };
}
