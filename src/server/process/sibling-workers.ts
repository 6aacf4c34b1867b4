import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

/**
 * Messages from one worker of `npm start`'s cluster to the others of the same machine, relayed by
 * the primary over the cluster's IPC channels (structured clone: a Buffer crosses as bytes, not as
 * JSON). Used to hand a listing answer one worker computed to the others (products/listing-cache.ts),
 * so that a fresh start computes each answer once per machine rather than once per worker.
 */

const TO_SIBLINGS = 'campus-market:to-siblings';

/** How the cluster's IPC channels carry messages: set on the primary before it forks. */
export const CLUSTER_SERIALIZATION = 'advanced';

interface SiblingMessage {
  type: typeof TO_SIBLINGS;
  topic: string;
  data: unknown;
}

function isSiblingMessage(message: unknown): message is SiblingMessage {
  return typeof message === 'object' && message !== null && (message as SiblingMessage).type === TO_SIBLINGS;
}

/** Primary: passes each worker's message for its siblings on to every other running worker. */
export function relayBetweenWorkers(workers: () => Iterable<Worker>): void {
  cluster.on('message', (from, message: unknown) => {
    if (!isSiblingMessage(message)) return;
    for (const worker of workers()) {
      // A worker whose channel closes meanwhile (it is stopping) just misses the message.
      if (worker !== from && worker.isConnected()) worker.send(message, ignoreClosedChannel);
    }
  });
}

/**
 * The workers of this machine's cluster, as one name (the host and the primary's pid), or
 * undefined in a process that has no siblings (a single process, a test's app).
 */
export function siblingGroup(): string | undefined {
  return cluster.isWorker ? `${os.hostname()}/${process.ppid}` : undefined;
}

/** Worker: sends `data` to the other workers of the machine; false when there are none to tell. */
export function tellSiblings(topic: string, data: unknown): boolean {
  if (!cluster.isWorker || !process.send || !process.connected) return false;
  process.send({ type: TO_SIBLINGS, topic, data } satisfies SiblingMessage, undefined, {}, ignoreClosedChannel);
  return true;
}

/**
 * Worker: gathers what it is told for up to `windowMs`, then sends it to the other workers as one
 * message (an array) on `topic`. Each message wakes the primary and then each sibling: on a busy
 * 2-core machine those wake-ups cost more than the bytes (one message per listing answer took a
 * tenth of a worker's time in the mixed bench).
 */
export function batchedForSiblings<T>(
  topic: string,
  windowMs: number,
  send: (topic: string, batch: T[]) => boolean = tellSiblings,
): { tell(item: T): void; flush(): void } {
  let pending: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    send(topic, batch);
  };
  return {
    tell(item) {
      pending.push(item);
      timer ??= setTimeout(flush, windowMs).unref();
    },
    flush,
  };
}

/**
 * The callback of a send whose channel may close before it goes (a worker or the primary
 * stopping): given one, Node passes the error to it instead of throwing it from the process.
 */
function ignoreClosedChannel(): void {}

/** Worker: runs `handler` for each message on `topic` from another worker. */
export function onSiblingMessage(topic: string, handler: (data: unknown) => void): () => void {
  const listener = (message: unknown) => {
    if (isSiblingMessage(message) && message.topic === topic) handler(message.data);
  };
  process.on('message', listener);
  return () => process.off('message', listener);
}
