import { type MessagePort, parentPort, workerData } from 'node:worker_threads';

import { useInferenceOver } from '../reading/ppocr/remote-inference.js';

import { sendableError } from './engine-task-errors.js';
import { ENGINE_TASKS, type EngineTaskName } from './engine-tasks.js';

/** What the pool posts: one task at a time (engine-pool.ts). */
export interface TaskMessage {
  id: number;
  task: EngineTaskName;
  args: unknown[];
}

/**
 * An engine worker thread: runs the tasks its pool sends, one at a time, and answers with the
 * result or the error and the heap it holds afterwards (a thread grown large is replaced). Its OCR
 * runs in the OCR workers of the thread that started it, so the models are loaded once.
 */
const port = parentPort!;
useInferenceOver((workerData as { inference: MessagePort }).inference);

port.on('message', (message: TaskMessage) => {
  void run(message);
});

async function run({ id, task, args }: TaskMessage): Promise<void> {
  try {
    const work = ENGINE_TASKS[task] as (...a: unknown[]) => unknown;
    const result = await work(...args);
    port.postMessage({ id, result, heapUsed: process.memoryUsage().heapUsed });
  } catch (error) {
    port.postMessage({ id, error: sendableError(error), heapUsed: process.memoryUsage().heapUsed });
  }
}
