import {
  type EnginePool,
  type EngineTaskName,
  type EngineTasks,
  isEngineStopped,
} from '@parser/extraction';

import { AppError } from '../lib/app-error.js';

/**
 * The document engine as services use it: each task runs in an engine thread with a time and
 * memory limit (EnginePool, built once in app.ts), never on the server's event loop.
 */
export type Engine = Pick<EnginePool, 'run'>;

/**
 * Runs engine work a person waits for (Quick Setup, a type test, extraction run again): ahead of
 * background work, and a document that passes the engine's limits answers 422 with the reason.
 */
export async function runForRequest<K extends EngineTaskName>(
  engine: Engine,
  task: K,
  args: Parameters<EngineTasks[K]>,
): Promise<Awaited<ReturnType<EngineTasks[K]>>> {
  try {
    return await engine.run(task, args, 'interactive');
  } catch (error) {
    if (!isEngineStopped(error)) throw error;
    throw new AppError('EXTRACTION_FAILED', { message: error.message, cause: error });
  }
}
