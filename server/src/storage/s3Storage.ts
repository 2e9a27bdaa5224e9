import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, IMMUTABLE_CACHE_CONTROL, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, a local test server); AWS itself when omitted. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers load objects from (a CDN or the bucket's public host); derived when omitted. */
  publicUrl?: string;
  /** `endpoint/bucket/key` addressing instead of `bucket.endpoint/key` (most S3-compatible services). */
  forcePathStyle?: boolean;
}

export type S3Storage = Storage & { close(): void };

/** Images in an S3 bucket; the bucket (or a CDN in front of it) serves them to browsers. */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    // Without keys the SDK's own chain applies (instance role, shared config), as on AWS hosts.
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Many S3-compatible services reject the newer default checksum headers; S3 itself does not need them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = publicBaseUrl(options);
  return {
    async put(key, data, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
          ContentDisposition: 'inline',
        }),
      );
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing key with success, so deleting twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    url(key) {
      assertSafeKey(key);
      return `${base}/${key}`;
    },
    publicOrigin: new URL(base).origin,
    close() {
      client.destroy();
    },
  };
}

function publicBaseUrl(options: S3StorageOptions): string {
  const trim = (url: string) => url.replace(/\/+$/, '');
  if (options.publicUrl) return trim(options.publicUrl);
  if (options.endpoint) {
    const endpoint = new URL(options.endpoint);
    if (options.forcePathStyle) return `${trim(endpoint.toString())}/${options.bucket}`;
    return `${endpoint.protocol}//${options.bucket}.${endpoint.host}${trim(endpoint.pathname)}`;
  }
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}
