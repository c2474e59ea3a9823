import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What one instance measures about itself, for an operator's scraper and for the scale
 * benchmark (which reads it before and after a round and subtracts): where a turn's time goes
 * (database, provider, each stage) and how late the event loop runs. Process-wide, as the
 * process is what is measured; histograms are cumulative, so any two readings give the
 * distribution between them.
 */
export const metricsRegistry = new Registry();

// From half a millisecond (one indexed query on a warm connection) to the 30 s provider deadline.
const BUCKETS_SECONDS = [
  0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2,
  0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30,
];

/** Every database call as its caller waits for it: the pool's queue, the round trip, the work. */
export const dbWaitSeconds = new Histogram({
  name: 'chairtalk_db_wait_seconds',
  help: 'Database calls, from the call to its result, by statement',
  labelNames: ['statement'] as const,
  buckets: BUCKETS_SECONDS,
  registers: [metricsRegistry],
});

/** The part of a database call spent waiting for a free connection of the pool. */
export const dbPoolWaitSeconds = new Histogram({
  name: 'chairtalk_db_pool_wait_seconds',
  help: 'Waits for a free database connection (pg and Neon pools)',
  buckets: BUCKETS_SECONDS,
  registers: [metricsRegistry],
});

/** How long the provider keeps us waiting for the first thing we need from a call. */
export const providerWaitSeconds = new Histogram({
  name: 'chairtalk_provider_wait_seconds',
  help: 'Provider calls, from the request to the first useful answer, by call',
  labelNames: ['call'] as const,
  buckets: BUCKETS_SECONDS,
  registers: [metricsRegistry],
});

/** The stages of a turn, each from its start to its end on this instance. */
export const turnStageSeconds = new Histogram({
  name: 'chairtalk_turn_stage_seconds',
  help: 'Stages of a turn, by stage',
  labelNames: ['stage'] as const,
  buckets: BUCKETS_SECONDS,
  registers: [metricsRegistry],
});

/** The cluster buses of this process (one per server) and how many peers each hears. */
const clusterPeerCounts = new Set<() => number>();

/** Other instances this one has heard from lately (decision 037): 0 alone, N - 1 in a cluster. */
new Gauge({
  name: 'chairtalk_cluster_peers',
  help: 'Other instances of this deployment heard from lately',
  registers: [metricsRegistry],
  collect() {
    let peers = 0;
    for (const count of clusterPeerCounts) peers += count();
    this.set(peers);
  },
});

/** A bus reports its peer count while it runs; the returned function stops it. */
export function watchClusterPeers(count: () => number): () => void {
  clusterPeerCounts.add(count);
  return () => clusterPeerCounts.delete(count);
}

let processMetricsOn = false;

/** CPU, memory, GC and event-loop delay (its percentiles since the last reading). */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });
}

/**
 * Times a provider call from now to its first useful answer: the returned function records the
 * wait on its first call and does nothing after.
 */
export function providerWait(call: string): () => void {
  const asked = performance.now();
  let waiting = true;
  return () => {
    if (!waiting) return;
    waiting = false;
    providerWaitSeconds.observe({ call }, secondsSince(asked));
  };
}

/** Seconds since a `performance.now()` reading, as the histograms take them. */
export function secondsSince(startMs: number): number {
  return (performance.now() - startMs) / 1000;
}
