/** Why the engine's worker was ended before it finished a task. */
export type EngineStopReason = 'timeout' | 'memory' | 'crashed';

/**
 * Engine work ended by its limits: the worker thread that ran it took longer than its wall-clock
 * limit, ran out of its memory limit or died, and was ended and replaced. `message` is written for
 * the clerk who sees it on the failed document; the job queue counts these separately from
 * ordinary failures, so a document that stops the engine again and again is not tried forever.
 */
export class EngineStoppedError extends Error {
  override readonly name = 'EngineStoppedError';

  constructor(
    readonly reason: EngineStopReason,
    message: string,
    /** What the engine was doing ("read", "extract", ...), for logs and metrics. */
    readonly task: string,
  ) {
    super(message);
  }
}

/** True for an EngineStoppedError, also one that crossed a module boundary (duck-typed). */
export function isEngineStopped(error: unknown): error is EngineStoppedError {
  return (
    error instanceof EngineStoppedError ||
    (error instanceof Error && error.name === 'EngineStoppedError' && 'reason' in error)
  );
}
