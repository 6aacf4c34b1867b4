import net from 'node:net';
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import { testConfig } from '../config.ts';
import { LoadShedder, sheddingServerFactory } from './load-shedding.ts';

const API_PATH = '/api/v1/products';
/** What an API request costs the turn that reads it here: more than the budget below. */
const API_REQUEST_MS = 30;
const TURN_MS = 20;

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A shedder with only the turn's limits: not attached to an app, it reads no other signal. */
function shedderWithTurnBudget(turnMs: number, inFlight = 1) {
  return new LoadShedder({ ...testConfig().loadShedding, enabled: true, turnMs, inFlight, retryAfterSeconds: 3 });
}

/** The raw server of the app with a handler that holds the event loop for API_REQUEST_MS per API request. */
async function listen(shedder: LoadShedder): Promise<{ port: number; connected: () => number }> {
  const handler: http.RequestListener = (request, response) => {
    if (request.url?.startsWith('/api/')) {
      const until = performance.now() + API_REQUEST_MS;
      while (performance.now() < until) {
        // a CPU-bound answer: nothing else runs in this turn meanwhile
      }
    }
    response.end('served');
  };
  const listening = sheddingServerFactory(shedder)(handler, {});
  server = listening;
  let connections = 0;
  listening.on('connection', () => connections++);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { port: (listening.address() as net.AddressInfo).port, connected: () => connections };
}

interface RawAnswer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/** Opens a connection and resolves once the server has it; send() writes one request and reads its answer. */
async function openConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  return {
    send(path: string): Promise<RawAnswer> {
      const answer = new Promise<RawAnswer>((resolve, reject) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.once('error', reject);
        socket.once('end', () => {
          const [head = '', body = ''] = text.split('\r\n\r\n');
          resolve({
            status: Number(head.split(' ')[1]),
            retryAfter: /^retry-after: (.*)$/im.exec(head)?.[1],
            body,
          });
        });
      });
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      return answer;
    },
  };
}

describe('load shedding by event-loop turn', () => {
  it('sheds the API requests a turn reads past the in-flight limit once it has spent its budget, and never /healthz', async () => {
    const shedder = shedderWithTurnBudget(TURN_MS);
    const { port, connected } = await listen(shedder);
    const connections = await Promise.all([1, 2, 3, 4].map(() => openConnection(port)));
    await expect.poll(connected).toBe(4);
    // Written in one tick: the server reads all four requests in its next turn, as it does in a rush.
    const answers = await Promise.all([
      connections[0]!.send(API_PATH),
      connections[1]!.send(API_PATH),
      connections[2]!.send(API_PATH),
      connections[3]!.send('/healthz'),
    ]);
    const api = answers.slice(0, 3);
    expect(api.filter((answer) => answer.status === 200)).toHaveLength(1);
    const shed = api.filter((answer) => answer.status === 503);
    expect(shed).toHaveLength(2);
    for (const answer of shed) {
      expect(answer.retryAfter).toBe('3');
      expect(JSON.parse(answer.body)).toEqual({ success: false, msg: siteMessages.busy, code: 'BUSY' });
    }
    expect(answers[3]).toMatchObject({ status: 200, body: 'served' });
    expect(shedder.shed.get('event-loop-turn')).toBe(2);
    // The next turn has its own budget: a request on its own is served.
    expect((await (await openConnection(port)).send(API_PATH)).status).toBe(200);
  });

  async function threeRequestsInOneTurn(shedder: LoadShedder) {
    const { port, connected } = await listen(shedder);
    const connections = await Promise.all([1, 2, 3].map(() => openConnection(port)));
    await expect.poll(connected).toBe(3);
    const answers = await Promise.all(connections.map((connection) => connection.send(API_PATH)));
    return answers.map((answer) => answer.status);
  }

  it('serves every request of a turn that stays within its budget', async () => {
    const shedder = shedderWithTurnBudget(10 * API_REQUEST_MS);
    expect(await threeRequestsInOneTurn(shedder)).toEqual([200, 200, 200]);
    expect(shedder.shed.size).toBe(0);
  });

  it('serves every request of a long turn that reads no more than the in-flight limit: a slow turn alone is no rush', async () => {
    const shedder = shedderWithTurnBudget(TURN_MS, 3);
    expect(await threeRequestsInOneTurn(shedder)).toEqual([200, 200, 200]);
    expect(shedder.shed.size).toBe(0);
  });
});
