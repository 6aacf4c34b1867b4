import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyUploadsToBucket } from '#server/storage/copy-uploads.ts';
import { s3ClientFor } from '#server/storage/s3-storage.ts';
import { type TestS3Server, startS3Server } from '../../support/s3-server.ts';

let s3: TestS3Server;
let dataDir: string;
let uploadsDir: string;
const files: Record<string, Buffer> = {
  'products/aaa.webp': Buffer.from('full size photo'),
  'products/aaa-card.webp': Buffer.from('card photo'),
  'avatars/bbb.webp': Buffer.from('profile photo'),
};

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-migrate-'));
  uploadsDir = path.join(dataDir, 'uploads');
  for (const [key, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(uploadsDir, key)), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, key), data);
  }
  // A file the local driver was still writing when the server stopped: not an upload.
  fs.writeFileSync(path.join(uploadsDir, 'products/ccc.webp.123.tmp'), 'half');
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('moving local uploads into a bucket', () => {
  it('copies every upload under its key, verified, and skips them all when run again', async () => {
    const client = s3ClientFor(s3.settings);
    try {
      expect(await copyUploadsToBucket(uploadsDir, s3.settings, client)).toEqual({ copied: 3, skipped: 0 });
      expect(await s3.keys()).toEqual(Object.keys(files).sort());
      for (const [key, data] of Object.entries(files)) {
        const object = await client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
        expect(Buffer.from(await object.Body!.transformToByteArray()), key).toEqual(data);
        expect(object.ContentType).toBe('image/webp');
      }
      expect(await copyUploadsToBucket(uploadsDir, s3.settings, client)).toEqual({ copied: 0, skipped: 3 });
    } finally {
      client.destroy();
    }
  });

  it('resumes a run cut short, copying again what is missing or not the same bytes', async () => {
    const client = s3ClientFor(s3.settings);
    try {
      // As if stopped midway: one object is gone and one was written with other content.
      await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: 'products/aaa.webp', Body: 'truncat' }));
      await s3.remove(['avatars/bbb.webp']);
      expect(await copyUploadsToBucket(uploadsDir, s3.settings, client)).toEqual({ copied: 2, skipped: 1 });
      const object = await client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: 'products/aaa.webp' }));
      expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(files['products/aaa.webp']);
      expect(await s3.keys()).toEqual(Object.keys(files).sort());
    } finally {
      client.destroy();
    }
  });

  it('runs as `npm run storage:migrate -- --to s3` with the S3 settings from the environment', async () => {
    const { settings } = s3;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/storage-migrate.ts', '--to', 's3'],
      {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          STORAGE: 's3',
          S3_ENDPOINT: settings.endpoint,
          S3_BUCKET: settings.bucket,
          S3_REGION: settings.region,
          S3_ACCESS_KEY_ID: settings.credentials!.accessKeyId,
          S3_SECRET_ACCESS_KEY: settings.credentials!.secretAccessKey,
          S3_PUBLIC_URL: settings.publicUrl,
          LOG_LEVEL: 'silent',
        },
      },
    );
    expect(stdout).toContain('0 copied, 3 already in the bucket');
  });
});
