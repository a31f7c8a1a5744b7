import type { ReadDocument } from '@parser/extraction';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { WorkerStopReason } from '../jobs/engine-stops.js';

/** What the queue gauges show, per job kind (read from the jobs table when scraped). */
export interface QueueSnapshot {
  name: string;
  queued: number;
  running: number;
  /** Jobs out of attempts (dead letters), kept for the retention period. */
  failed: number;
  /** Seconds the oldest due queued job has waited; 0 when none waits. */
  oldestQueuedSeconds: number;
}

/**
 * The process's Prometheus metrics: HTTP latency per route, queue depth and age per job kind,
 * reading time per page and method, and failures. One instance per process, shared by the app,
 * the worker and the file reader.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly pageReadSeconds: Histogram<'method'>;
  private readonly jobDuration: Histogram<'kind' | 'outcome'>;
  private readonly jobFailures: Counter<'kind' | 'final'>;
  private readonly jobsPoisoned: Counter<'kind' | 'reason'>;
  private readonly engineStops: Counter<'task' | 'reason'>;
  private queueSource: (() => Promise<QueueSnapshot[]>) | undefined;

  constructor(options: { role: string; defaultMetrics?: boolean }) {
    this.registry.setDefaultLabels({ role: options.role });
    if (options.defaultMetrics !== false) {
      collectDefaultMetrics({ register: this.registry, prefix: 'parser_' });
    }
    this.httpDuration = new Histogram({
      name: 'parser_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry],
    });
    this.pageReadSeconds = new Histogram({
      name: 'parser_extraction_page_seconds',
      help: 'Time to read one page of a document, by how it was read (text layer, OCR, Word)',
      labelNames: ['method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [this.registry],
    });
    this.jobDuration = new Histogram({
      name: 'parser_job_duration_seconds',
      help: 'Time a job ran, by kind and outcome (succeeded, retry, failed)',
      labelNames: ['kind', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [this.registry],
    });
    this.jobFailures = new Counter({
      name: 'parser_job_failures_total',
      help: 'Failed job runs by kind; final="true" when the job is out of attempts (a dead letter)',
      labelNames: ['kind', 'final'],
      registers: [this.registry],
    });
    this.jobsPoisoned = new Counter({
      name: 'parser_jobs_poisoned_total',
      help:
        'Jobs failed for good because their runs kept stopping their worker (JOB_MAX_ENGINE_STOPS), ' +
        'by kind and the last stop: timeout, memory or crashed (the engine), abandoned (the process)',
      labelNames: ['kind', 'reason'],
      registers: [this.registry],
    });
    this.engineStops = new Counter({
      name: 'parser_engine_stops_total',
      help: 'Engine threads ended by their limits (ENGINE_TIMEOUT_SECONDS, ENGINE_MAX_MEMORY_MB) or a crash, by task and reason',
      labelNames: ['task', 'reason'],
      registers: [this.registry],
    });
    const queueGauge = (name: string, help: string, pick: (row: QueueSnapshot) => number) => {
      const read = () => (this.queueSource ? this.queueSnapshot() : Promise.resolve([]));
      new Gauge({
        name,
        help,
        labelNames: ['kind'],
        registers: [this.registry],
        async collect() {
          const rows = await read();
          this.reset();
          for (const row of rows) this.set({ kind: row.name }, pick(row));
        },
      });
    };
    queueGauge('parser_jobs_queued', 'Jobs waiting to run, by kind', (row) => row.queued);
    queueGauge('parser_jobs_running', 'Jobs running now, by kind', (row) => row.running);
    queueGauge(
      'parser_jobs_dead',
      'Jobs that failed for good (out of attempts), kept for the retention period',
      (row) => row.failed,
    );
    queueGauge(
      'parser_jobs_oldest_queued_age_seconds',
      'How long the oldest due queued job has waited, by kind',
      (row) => row.oldestQueuedSeconds,
    );
  }

  /** One database read per scrape serves all queue gauges. */
  private snapshot: Promise<QueueSnapshot[]> | undefined;
  private queueSnapshot(): Promise<QueueSnapshot[]> {
    this.snapshot ??= this.queueSource!().finally(() => {
      this.snapshot = undefined;
    });
    return this.snapshot;
  }

  /** Where the queue gauges read from (the jobs table). */
  watchQueue(source: () => Promise<QueueSnapshot[]>): void {
    this.queueSource = source;
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /** A document read by the engine in `seconds`: its time is shared out evenly over its pages. */
  observeReading(document: ReadDocument, seconds: number): void {
    const pages = document.pages.length;
    if (pages === 0) return;
    for (const page of document.pages)
      this.pageReadSeconds.observe({ method: page.method }, seconds / pages);
  }

  observeJob(kind: string, outcome: 'succeeded' | 'retry' | 'failed', seconds: number): void {
    this.jobDuration.observe({ kind, outcome }, seconds);
    if (outcome !== 'succeeded')
      this.jobFailures.inc({ kind, final: String(outcome === 'failed') });
  }

  /** A job failed for good, not run again, because it kept stopping its worker. */
  observeEngineStop(task: string, reason: string): void {
    this.engineStops.inc({ task, reason });
  }

  observePoisonedJob(kind: string, reason: WorkerStopReason): void {
    this.jobsPoisoned.inc({ kind, reason });
  }

  contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
