import http from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Comment lines (heartbeats) received so far. */
  comments: string[];
  /** True once the server ended the stream. */
  ended: boolean;
  /** Resolves with the first event (counting those already received) that matches, or rejects after `ms`. */
  next(match: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream, or rejects after `ms`. */
  end(ms?: number): Promise<void>;
  close(): void;
}

/**
 * Reads a Server-Sent Events stream over a real HTTP connection (as EventSource does), parsing
 * it into events; `lastEventId` is sent as the Last-Event-ID header of a reconnecting browser.
 */
export function openSse(
  url: string,
  options: { cookie?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        headers: {
          accept: 'text/event-stream',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const events: SseEvent[] = [];
        const comments: string[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        const notify = () => {
          for (const waiter of [...waiters]) waiter();
        };
        const connection: SseConnection = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          comments,
          ended: false,
          next(match, ms = 2000) {
            return new Promise((found, timedOut) => {
              const check = () => {
                const event = events.find(match);
                if (event) {
                  clearTimeout(timer);
                  waiters.delete(check);
                  found(event);
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                timedOut(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
              }, ms);
              waiters.add(check);
              check();
            });
          },
          end(ms = 2000) {
            return new Promise((ended, timedOut) => {
              const check = () => {
                if (connection.ended) {
                  clearTimeout(timer);
                  waiters.delete(check);
                  ended();
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                timedOut(new Error(`the stream did not end within ${ms} ms`));
              }, ms);
              waiters.add(check);
              check();
            });
          },
          close: () => request.destroy(),
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: Partial<SseEvent> & { dataLines: string[] } = { dataLines: [] };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('data: ')) event.dataLines.push(line.slice(6));
            }
            if (event.event) events.push({ id: event.id, event: event.event, data: JSON.parse(event.dataLines.join('\n')) });
          }
          notify();
        });
        const ended = () => {
          connection.ended = true;
          notify();
        };
        response.on('end', ended);
        response.on('close', ended);
        resolve(connection);
      },
    );
    request.on('error', reject);
  });
}
