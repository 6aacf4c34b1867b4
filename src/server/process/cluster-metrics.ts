import cluster, { type Worker } from 'node:cluster';
import {
  AggregatorRegistry,
  type MetricObjectWithValues,
  type MetricValue,
  type PrometheusContentType,
  Registry,
} from 'prom-client';

/**
 * /metrics of a cluster (WEB_CONCURRENCY > 1): one figure for the machine, never one worker's at
 * random. The primary asks every worker for its registry over the cluster's IPC channel and sums
 * them with prom-client's aggregation (counters and histograms summed; gauges summed unless the
 * metric names another aggregator: 'max' for the longest database wait, 'first' for the shared job
 * queue's counts, prom-client's own choices for the process figures). A worker that does not
 * answer in time is left out rather than holding the scrape.
 */

const WORKER_METRICS_REQUEST = 'campus-market:worker-metrics?';
const WORKER_METRICS = 'campus-market:worker-metrics';
const CLUSTER_METRICS_REQUEST = 'campus-market:cluster-metrics?';
const CLUSTER_METRICS = 'campus-market:cluster-metrics';
const ANSWER_TIMEOUT_MS = 3000;

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

interface Message {
  type?: unknown;
  id?: unknown;
}

function isMessage(message: unknown, type: string): message is Message & { id: number } {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as Message).type === type &&
    typeof (message as Message).id === 'number'
  );
}

let nextId = 0;

/** Worker: answers the primary's requests with this registry's metrics. */
export function answerMetricsRequests(registry: Registry): void {
  process.on('message', (message: unknown) => {
    if (!isMessage(message, WORKER_METRICS_REQUEST)) return;
    registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: WORKER_METRICS, id: message.id, metrics }),
      () => process.send?.({ type: WORKER_METRICS, id: message.id, metrics: [] }),
    );
  });
}

/** Worker: the machine's metrics, summed by the primary (what this worker's /metrics answers). */
export function askPrimaryForMetrics(): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the cluster primary did not answer with the metrics'));
    }, ANSWER_TIMEOUT_MS * 2);
    const onMessage = (message: unknown) => {
      if (!isMessage(message, CLUSTER_METRICS)) return;
      if (message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      const { text } = message as { text?: unknown };
      if (typeof text === 'string') resolve(text);
      else reject(new Error('the cluster primary could not collect the metrics'));
    };
    process.on('message', onMessage);
    process.send?.({ type: CLUSTER_METRICS_REQUEST, id });
  });
}

/** One worker's registry as JSON, or nothing when it does not answer within the timeout. */
function workerMetrics(worker: Worker): Promise<MetricsJson | undefined> {
  if (!worker.isConnected()) return Promise.resolve(undefined);
  const id = nextId++;
  return new Promise((resolve) => {
    const done = (metrics: MetricsJson | undefined) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(metrics);
    };
    const timer = setTimeout(() => done(undefined), ANSWER_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      if (isMessage(message, WORKER_METRICS) && message.id === id) done((message as { metrics?: MetricsJson }).metrics ?? []);
    };
    const onExit = () => done(undefined);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    try {
      worker.send({ type: WORKER_METRICS_REQUEST, id });
    } catch {
      done(undefined);
    }
  });
}

/** Primary: every worker's metrics summed, and the primary's own (workers, restarts). */
export async function clusterMetricsText(workers: Worker[], own: Registry): Promise<string> {
  const answers = (await Promise.all(workers.map(workerMetrics))).filter((each) => each !== undefined);
  const summed = AggregatorRegistry.aggregate<PrometheusContentType>(answers);
  return Registry.merge([summed, own]).metrics();
}

/** Primary: answers a worker's /metrics with the sum (see askPrimaryForMetrics). */
export function answerClusterMetricsRequests(collect: () => Promise<string>): void {
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message, CLUSTER_METRICS_REQUEST)) return;
    const reply = (text: string | undefined) => {
      if (worker.isConnected()) worker.send({ type: CLUSTER_METRICS, id: message.id, text });
    };
    collect().then(reply, () => reply(undefined));
  });
}

export const CLUSTER_METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
