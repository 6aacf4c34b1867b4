/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  /** One request of a connection's cycle; setupRequest may rewrite it just before it is sent. */
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Request extends RawRequest {
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    /** Called with each answer to this request, and the connection's context that setupRequest saw. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
  }
  /** A run's own counts, not yet summarized (skipAggregateResult): runs add up with aggregateResult. */
  export interface RawResult {
    totalCompletedRequests: number;
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
    non2xx: number;
  }
  /** The running load: a promise of its result that also reports each answer as it arrives. */
  export interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void,
    ): Instance;
    stop(): void;
  }
  function autocannon(options: Options & { skipAggregateResult: true }): PromiseLike<RawResult>;
  function autocannon(options: Options): Instance;
  namespace autocannon {
    /** Several raw runs as one result (their latencies merged). */
    function aggregateResult(results: RawResult[], options: Pick<Options, 'url' | 'connections'>): Result;
  }
  export default autocannon;
}
