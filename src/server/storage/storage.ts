import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are unique per file (a new key for every new file), which is
 * what lets them be served with immutable cache headers. An S3-compatible driver implements
 * the same calls.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes files; missing ones are not an error (deletes may be retried). */
  remove(keys: string[]): Promise<void>;
  /**
   * The absolute address a browser fetches the file from. Absolute, so that a client on another
   * origin (a separate front end, a mobile app, an e-mail) shows the same picture.
   */
  urlFor(key: string): string;
  /** The absolute address of the picture shown for a user without a photo. */
  readonly defaultAvatarUrl: string;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

/** The site's own address for a path it serves, e.g. siteAddress('https://x.edu', '/images/a.png'). */
export function siteAddress(siteUrl: string, pathname: string): string {
  return `${siteUrl.replace(/\/$/, '')}${pathname}`;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

/**
 * Files on local disk under DATA_DIR/uploads, served by the app at /uploads/ of `siteUrl`
 * (PUBLIC_URL).
 */
export function createLocalStorage(rootDir: string, siteUrl: string): Storage & { rootDir: string } {
  return {
    rootDir,
    defaultAvatarUrl: siteAddress(siteUrl, DEFAULT_AVATAR_PATH),
    async put(key, data) {
      assertSafeKey(key);
      const file = path.join(rootDir, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async remove(keys) {
      await Promise.all(
        keys.map((key) => {
          assertSafeKey(key);
          return fs.rm(path.join(rootDir, key), { force: true });
        }),
      );
    },
    urlFor(key) {
      return siteAddress(siteUrl, `${UPLOADS_URL_PREFIX}${key}`);
    },
  };
}
