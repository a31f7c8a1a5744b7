/**
 * Latency of one endpoint while something else runs: a GET every `intervalMs`, one request at a
 * time (the next starts `intervalMs` after the one before started, or at once when that one took
 * longer, so a stall shows as one long request rather than many queued ones).
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Nearest-rank percentile of an ascending list (the definition bench/extraction-speed.ts uses). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export interface LatencySummary {
  /** Requests answered 2xx; their times make the figures below. */
  count: number;
  /** Requests answered otherwise or not at all. */
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LatencySampler {
  /** Stops sampling (after the request in flight) and summarises the times in ms. */
  stop(): Promise<LatencySummary>;
}

export function sampleLatency(
  url: string,
  headers: Record<string, string>,
  intervalMs: number,
): LatencySampler {
  const times: number[] = [];
  let failed = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const start = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.ok) times.push(performance.now() - start);
        else failed++;
      } catch {
        failed++;
      }
      const wait = start + intervalMs - performance.now();
      if (wait > 0 && !stopped) await sleep(wait);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const sorted = times.sort((a, b) => a - b);
      return {
        count: sorted.length,
        failed,
        p50: sorted.length ? percentile(sorted, 0.5) : NaN,
        p99: sorted.length ? percentile(sorted, 0.99) : NaN,
        max: sorted.length ? sorted[sorted.length - 1]! : NaN,
      };
    },
  };
}

/** "1234 requests, p50 3.1 ms, p99 41.0 ms, max 180.2 ms" (and the failures, if any). */
export function formatLatency(summary: LatencySummary): string {
  const failed = summary.failed ? `, ${summary.failed} failed` : '';
  return `${summary.count} requests${failed}, p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms, max ${summary.max.toFixed(1)} ms`;
}
