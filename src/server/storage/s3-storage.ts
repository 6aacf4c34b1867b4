import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import type { Config } from '../config.ts';
import { type Storage, assertSafeKey, createLocalStorage, siteAddress } from './storage.ts';

export interface S3StorageSettings {
  /** An S3-compatible service's address (MinIO, R2, …); unset means AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers fetch objects: the bucket's public address or a CDN in front of it. */
  publicUrl: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted services need it. */
  forcePathStyle: boolean;
}

/** S3's limit of keys per DeleteObjects call. */
const DELETE_BATCH = 1000;

export function s3ClientFor(settings: S3StorageSettings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
}

/**
 * Uploaded files in an S3-compatible bucket, fetched by browsers straight from S3_PUBLIC_URL. Keys
 * are never reused (storage.ts), so objects are cached as immutable. The callers keep the same
 * order as on disk: put before the row commits, remove after a delete commits.
 */
export function createS3Storage(
  settings: S3StorageSettings,
  siteUrl: string,
  client = s3ClientFor(settings),
): Storage & { client: S3Client } {
  const publicUrl = settings.publicUrl.replace(/\/$/, '');
  return {
    client,
    defaultAvatarUrl: siteAddress(siteUrl, DEFAULT_AVATAR_PATH),
    async put(key, data, contentType) {
      assertSafeKey(key);
      // One PUT: S3 stores the whole object or nothing, so a failed upload leaves no object behind.
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async remove(keys) {
      for (const key of keys) assertSafeKey(key);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        // Deleting a missing key succeeds in S3, as remove() promises.
        const result = await client.send(
          new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0)
          throw new Error(`could not delete ${failed.length} object(s): ${failed[0]?.Code} ${failed[0]?.Message}`);
      }
    },
    urlFor(key) {
      return `${publicUrl}/${key}`;
    },
  };
}

/** The storage the configuration names: the bucket with STORAGE=s3, else DATA_DIR/uploads. */
export function storageFor(config: Pick<Config, 'storage' | 'publicUrl'>, uploadsDir: string): Storage {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage, config.publicUrl)
    : createLocalStorage(uploadsDir, config.publicUrl);
}
