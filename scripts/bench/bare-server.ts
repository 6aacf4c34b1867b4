/**
 * The hardware's limit for `npm run bench:mix` / `bench:rush`: a plain `node:http` server in its own
 * process answering, for each kind of request, the bytes the app answered to one request of that
 * kind (the parent sends them over IPC). No routing, no database, no JSON work: what is left is
 * the cost of HTTP on this machine. Told { type: 'busy', on: true }, it answers every request as
 * the app answers a shed one (503, Retry-After, the busy body): the floor for a shed answer.
 */
import http from 'node:http';
import { SHED_ANSWER_BODY } from '#server/http/load-shedding.ts';
import { KIND_PARAM } from './workload.ts';

const bodies = new Map<string, Buffer>();
let fallback: Buffer = Buffer.from('{"success":true}');
const busyBody = Buffer.from(SHED_ANSWER_BODY);
let busy = false;

const server = http.createServer((request, response) => {
  const url = request.url ?? '';
  const at = url.indexOf(`${KIND_PARAM}=`);
  const kind = at === -1 ? '' : url.slice(at + KIND_PARAM.length + 1).split('&')[0]!;
  const body = bodies.get(kind) ?? fallback;
  // Drain any request body, then answer.
  request.resume();
  request.on('end', () => {
    if (busy) {
      response.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': busyBody.length,
        'retry-after': '3',
      });
      response.end(busyBody);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
});
server.keepAliveTimeout = 72_000;

process.on('message', (message: { type: string; bodies?: Record<string, string>; on?: boolean }) => {
  if (message.type === 'busy') {
    busy = message.on === true;
    process.send?.({ type: 'busy-set' });
  } else if (message.type === 'bodies' && message.bodies) {
    for (const [kind, body] of Object.entries(message.bodies)) bodies.set(kind, Buffer.from(body));
    fallback = bodies.get('list') ?? fallback;
    process.send?.({ type: 'bodies-set' });
  } else if (message.type === 'stop') {
    server.close();
    process.exit(0);
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.send?.({ type: 'ready', url: `http://127.0.0.1:${address.port}` });
});
