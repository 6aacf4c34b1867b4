import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { S3StorageSettings } from './s3-storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface CopyReport {
  /** Files copied (and verified) by this run. */
  copied: number;
  /** Files already in the bucket, the same bytes: a run that was stopped resumes past them. */
  skipped: number;
}

/** Every file under `dir`, as storage keys (forward slashes), leaving out half-written temporaries. */
async function keysUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The object's size and single-part ETag (the MD5 of its bytes), or undefined when it is not there. */
async function objectFacts(client: S3Client, bucket: string, key: string) {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength, etag: head.ETag?.replaceAll('"', '') };
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}

/**
 * Copies the local uploads directory into the bucket under the same keys (the database stores
 * keys, not addresses, so nothing else changes). Idempotent and resumable: an object already
 * there with the same size and MD5 is skipped. Each copy is verified by reading back its size and
 * ETag; a mismatch stops the run with an error, to be run again.
 */
export async function copyUploadsToBucket(
  uploadsDir: string,
  settings: Pick<S3StorageSettings, 'bucket'>,
  client: S3Client,
  onProgress: (key: string, outcome: 'copied' | 'skipped') => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0 };
  const keys = await keysUnder(uploadsDir);
  const copyOne = async (key: string) => {
    const data = await fs.readFile(path.join(uploadsDir, ...key.split('/')));
    const md5 = createHash('md5').update(data).digest('hex');
    const existing = await objectFacts(client, settings.bucket, key);
    if (existing?.size === data.length && existing.etag === md5) {
      report.skipped++;
      onProgress(key, 'skipped');
      return;
    }
    await client.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    const stored = await objectFacts(client, settings.bucket, key);
    if (stored?.size !== data.length || stored.etag !== md5) {
      throw new Error(
        `${key}: the bucket holds ${stored?.size ?? 'no'} bytes (ETag ${stored?.etag}), not ${data.length} (MD5 ${md5})`,
      );
    }
    report.copied++;
    onProgress(key, 'copied');
  };
  // A few at a time: enough to hide the round trips, few enough for any object store's limits.
  const queue = [...keys];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) await copyOne(key);
    }),
  );
  return report;
}
