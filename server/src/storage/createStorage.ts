import path from 'node:path';
import type { Middleware } from 'koa';
import type { Env } from '../env';
import { createLocalStorage } from './localStorage';
import { createS3Storage } from './s3Storage';
import type { Storage } from './storage';

export interface ConfiguredStorage {
  storage: Storage;
  /** Serves /media/<key> from disk; only the local driver has one, a bucket serves its own URLs. */
  mediaMiddleware?: Middleware;
  close(): void;
}

/** The driver STORAGE_DRIVER asks for: local disk under DATA_DIR/uploads (default) or an S3 bucket. */
export function createStorage(env: Env): ConfiguredStorage {
  if (env.STORAGE_DRIVER === 's3') {
    if (!env.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 には S3_BUCKET が必要です');
    const storage = createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
    return { storage, close: () => storage.close() };
  }
  const storage = createLocalStorage(uploadsDir(env));
  return { storage, mediaMiddleware: storage.serve(), close: () => undefined };
}

export function uploadsDir(env: Pick<Env, 'dataDir'>): string {
  return path.join(env.dataDir, 'uploads');
}
