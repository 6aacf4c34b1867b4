import { siteMessages } from '#domain/site.messages.ts';
import { serviceBusy } from '../http/errors.ts';

/** Decoding a large photo takes a CPU core (and libuv threads argon2 also needs) for a while. */
export const IMAGE_JOBS_AT_ONCE = 2;
/** Photos that may wait for a turn; beyond that a caller is asked to come back. */
export const IMAGE_JOBS_WAITING = 10;
export const IMAGE_QUEUE_RETRY_AFTER_SECONDS = 5;

export interface ImageQueueLimits {
  atOnce: number;
  waiting: number;
}

/**
 * A process-wide semaphore for image work: at most `atOnce` jobs run, at most `waiting` more
 * queue in arrival order, and a job that finds the queue full is refused at once with 503 and
 * Retry-After, so a burst of uploads cannot stall logins and page loads behind it.
 */
export class ImageQueue {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: ImageQueueLimits = { atOnce: IMAGE_JOBS_AT_ONCE, waiting: IMAGE_JOBS_WAITING }) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.takeTurn();
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  /** Jobs running and waiting, for tests and diagnostics. */
  get load() {
    return { running: this.running, waiting: this.queue.length };
  }

  private takeTurn(): Promise<void> {
    if (this.running < this.limits.atOnce) {
      this.running++;
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.waiting) {
      return Promise.reject(serviceBusy(IMAGE_QUEUE_RETRY_AFTER_SECONDS, siteMessages.imagesBusy));
    }
    // The slot passes straight from the finishing job to the next in line, so `running` stays put.
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release() {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}

/** Runs a job straight away: for scripts (seed, test fixtures) that process photos outside a server. */
export const runImageJobNow = { run: <T>(job: () => Promise<T>): Promise<T> => job() };
export type ImageJobRunner = Pick<ImageQueue, 'run'>;
