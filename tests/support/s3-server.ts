import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type S3StorageSettings, s3ClientFor } from '#server/storage/s3-storage.ts';

export interface TestS3Server {
  /** Settings for the app's S3 driver against this server and its bucket. */
  settings: S3StorageSettings;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Deletes objects behind the app's back. */
  remove(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

/** s3rver, an S3-protocol server from npm, on a loopback port, with one empty bucket, files in a temporary directory. */
export async function startS3Server(bucket = 'campus-market-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3StorageSettings = {
    endpoint,
    bucket,
    region: 'us-east-1',
    // s3rver's fixed credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    publicUrl: `${endpoint}/${bucket}`,
    forcePathStyle: true,
  };
  const client = s3ClientFor(settings);
  return {
    settings,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async remove(keys) {
      for (const Key of keys) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
