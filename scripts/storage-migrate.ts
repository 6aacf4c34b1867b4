/**
 * `npm run storage:migrate -- --to s3`: copies DATA_DIR/uploads into the bucket that STORAGE=s3
 * and the S3_* variables name, so an install that kept photos on disk can move to object
 * storage. Safe to run again (it skips what is already there and verified) and to stop midway.
 * Afterwards start the app with STORAGE=s3; the local files can go once the site shows photos.
 */
import { parseArgs } from 'node:util';
import { uploadsDirOf } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { copyUploadsToBucket } from '#server/storage/copy-uploads.ts';
import { s3ClientFor } from '#server/storage/s3-storage.ts';

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (values.to !== 's3') throw new ConfigError('Usage: npm run storage:migrate -- --to s3');
  const config = loadConfig();
  if (config.storage.driver !== 's3') {
    throw new ConfigError('Set STORAGE=s3 and the S3_* variables (see .env.example) to name the bucket to copy into.');
  }
  const uploadsDir = uploadsDirOf(config);
  const client = s3ClientFor(config.storage);
  console.info(`Copying ${uploadsDir} to bucket ${config.storage.bucket}…`);
  try {
    const report = await copyUploadsToBucket(uploadsDir, config.storage, client, (key, outcome) => {
      if (outcome === 'copied') console.info(`copied ${key}`);
    });
    console.info(`Done: ${report.copied} copied, ${report.skipped} already in the bucket. Now start with STORAGE=s3.`);
  } finally {
    client.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
