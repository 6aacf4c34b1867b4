import { describe, expect, it } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import { IMAGE_QUEUE_RETRY_AFTER_SECONDS, ImageQueue } from './image-queue.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the image queue', () => {
  it('runs at most the allowed number of jobs at once, the rest in arrival order', async () => {
    const queue = new ImageQueue({ atOnce: 2, waiting: 5 });
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 2 });

    gates[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job at once with 503 and Retry-After when the queue is full', async () => {
    const queue = new ImageQueue({ atOnce: 1, waiting: 1 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(() => gate.promise);
    await expect(queue.run(async () => 'never')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      statusCode: 503,
      message: siteMessages.imagesBusy,
      headers: { 'retry-after': String(IMAGE_QUEUE_RETRY_AFTER_SECONDS) },
    });
    gate.resolve();
    await Promise.all([first, second]);
    await expect(queue.run(async () => 'welcome back')).resolves.toBe('welcome back');
  });

  it('frees the turn of a job that fails', async () => {
    const queue = new ImageQueue({ atOnce: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('not an image')))).rejects.toThrow('not an image');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
