import { siteMessages } from '#domain/site.messages.ts';
import { AppError } from './errors.ts';

/** How long a refused uploader is told to wait: an upload of a few photos takes seconds. */
const UPLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Uploads (listing photos, a profile picture) each account is sending to this instance at once.
 * One account cannot hold the image queue and the upload bandwidth for everyone else: past its
 * limit a further upload is refused (429) before its body is read.
 */
export class UploadSlots {
  private readonly byUser = new Map<string, number>();

  constructor(readonly perUser: number) {}

  /** Takes one of the user's slots or throws 429; call the returned function when the upload ends. */
  take(userId: string): () => void {
    const held = this.byUser.get(userId) ?? 0;
    if (held >= this.perUser) {
      throw new AppError('RATE_LIMITED', siteMessages.uploadsBusy(this.perUser), {
        'retry-after': String(UPLOAD_RETRY_AFTER_SECONDS),
      });
    }
    this.byUser.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left === 0) this.byUser.delete(userId);
      else this.byUser.set(userId, left);
    };
  }

  /** Runs an upload in one of the user's slots. */
  async run<T>(userId: string, upload: () => Promise<T>): Promise<T> {
    const release = this.take(userId);
    try {
      return await upload();
    } finally {
      release();
    }
  }

  /** Uploads in progress (tests check none is left behind). */
  get size(): number {
    let total = 0;
    for (const held of this.byUser.values()) total += held;
    return total;
  }
}
