import { type EngineStopReason, isEngineStopped } from '@parser/extraction';

import { PermanentJobError } from './job-definition.js';

/**
 * Why a job's run ended its worker: the engine's limits stopped it (`timeout`, `memory`,
 * `crashed`), or the worker process died or froze while running it (`abandoned`).
 */
export type WorkerStopReason = EngineStopReason | 'abandoned';

/** How many stops a job may cause before it fails for good, unless configured. */
export const DEFAULT_MAX_ENGINE_STOPS = 2;

/** The engine's reason when the run failed because the engine was stopped under it. */
export function engineStopReason(error: Error): EngineStopReason | undefined {
  return isEngineStopped(error) ? error.reason : undefined;
}

/**
 * The failure of a job whose runs the worker process did not come back from `stops` times. The
 * message is shown to the clerk on the failed document, like the engine's own stop messages.
 */
export function abandonedTooOften(stops: number): PermanentJobError {
  return new PermanentJobError(
    `Processing this document stopped the server ${timesInWords(stops)}, so it was set aside; ` +
      'retry it, or contact support if it happens again',
  );
}

function timesInWords(count: number): string {
  if (count === 1) return 'once';
  if (count === 2) return 'twice';
  return `${count} times`;
}
