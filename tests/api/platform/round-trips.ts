import net from 'node:net';
import pg from 'pg';
import { vi } from 'vitest';

/** What one write to a socket carried, as text (the protocol's messages with their SQL). */
function textOf(chunks: unknown[]): string {
  const buffers = chunks.map((entry) => (Buffer.isBuffer(entry) ? entry : (entry as { chunk: Buffer }).chunk));
  return Buffer.concat(buffers).toString('latin1');
}

type Step = { kind: 'write'; text: string } | { kind: 'answer' };

/**
 * The round trips of the transaction that `work` opens, from its BEGIN to its COMMIT: each is the
 * writes its connection sent to PostgreSQL before an answer came back (as text: the protocol's
 * messages with their SQL). Pipelined statements share a round trip. The transaction is the one
 * whose connection is sent `begin`; other connections (job polls) are left out.
 */
export async function roundTripsOfTransaction(work: () => Promise<unknown>): Promise<string[][]> {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  const writev = vi.spyOn(net.Socket.prototype, '_writev');
  const write = vi.spyOn(net.Socket.prototype, '_write');
  // Bytes from PostgreSQL arriving on a socket: the answer to what was written before them.
  const answered = vi.spyOn(net.Socket.prototype, 'push');
  try {
    await work();
    const begun = query.mock.calls.findIndex(([config]) => config === 'begin');
    if (begun < 0) throw new Error('no transaction was opened');
    const client = query.mock.contexts[begun] as unknown as { connection: { stream: net.Socket } };
    const { stream } = client.connection;
    const steps: (Step & { order: number })[] = [
      ...writev.mock.calls.map((args, call) => ({
        socket: writev.mock.contexts[call],
        text: textOf(args[0] as unknown[]),
        order: writev.mock.invocationCallOrder[call]!,
      })),
      ...write.mock.calls.map((args, call) => ({
        socket: write.mock.contexts[call],
        text: textOf([args[0]]),
        order: write.mock.invocationCallOrder[call]!,
      })),
    ]
      .filter((entry) => entry.socket === stream)
      .map(({ text, order }) => ({ kind: 'write' as const, text, order }));
    answered.mock.contexts.forEach((context, call) => {
      if (context === stream) steps.push({ kind: 'answer', order: answered.mock.invocationCallOrder[call]! });
    });
    steps.sort((a, b) => a.order - b.order);
    const trips: string[][] = [];
    let waiting = true;
    for (const step of steps) {
      if (step.kind === 'answer') waiting = true;
      else if (waiting) {
        trips.push([step.text]);
        waiting = false;
      } else trips.at(-1)!.push(step.text);
    }
    const first = trips.findIndex((trip) => trip.some((text) => /\bbegin\b/.test(text)));
    const last = trips.findIndex((trip, index) => index >= first && trip.some((text) => /\bcommit\b/.test(text)));
    return trips.slice(first, last + 1);
  } finally {
    query.mockRestore();
    writev.mockRestore();
    write.mockRestore();
    answered.mockRestore();
  }
}
