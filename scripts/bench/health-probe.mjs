/**
 * The /healthz probe of `npm run bench:rush`, in a process of its own: in the bench's process its
 * timings would include the load generator's own event-loop delay (autocannon at thousands of
 * requests a second keeps that process busy). Forked with the app's address as its argument, it
 * asks /healthz every 100 ms, each time on a new connection, and when told 'stop' (IPC) sends back
 * { slowestMs, failures, probes } and exits.
 */
import http from 'node:http';

const [url] = process.argv.slice(2);
let running = true;
let slowestMs = 0;
let failures = 0;
let probes = 0;

const probe = () =>
  new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(`${url}/healthz`, { agent: false, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ok: response.statusCode === 200, ms: performance.now() - started }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ ok: false, ms: performance.now() - started }));
  });

process.on('message', (message) => {
  if (message === 'stop') running = false;
});

while (running) {
  const { ok, ms } = await probe();
  probes++;
  if (!ok) failures++;
  slowestMs = Math.max(slowestMs, ms);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.send?.({ slowestMs: Math.round(slowestMs), failures, probes }, () => process.exit(0));
