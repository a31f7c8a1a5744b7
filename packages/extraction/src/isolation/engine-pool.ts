import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';

import { serveInference } from '../reading/ppocr/remote-inference.js';

import { EngineStoppedError, type EngineStopReason } from './engine-stopped-error.js';
import { receivedError, type SentError } from './engine-task-errors.js';
import { type EngineTaskName, type EngineTasks, TASK_PHRASES } from './engine-tasks.js';
import type { TaskMessage } from './engine-worker.js';

export interface EngineLimits {
  /** Worker threads at most; each runs one task at a time. */
  size: number;
  /** Wall-clock limit of one task; past it the thread is ended and the task fails. */
  timeoutMs: number;
  /** V8 heap limit of a worker thread; a task that needs more ends its thread. */
  maxHeapMb: number;
  /**
   * A thread holding more heap than this after a task is replaced, so one large document's memory
   * goes back to the system instead of staying with the thread. @default maxHeapMb / 4
   */
  recycleHeapMb?: number;
  /** Told each time a task ended its thread (metrics, logs). */
  onStop?: (task: EngineTaskName, reason: EngineStopReason) => void;
}

export type EnginePriority = 'interactive' | 'background';

type Result<K extends EngineTaskName> = Awaited<ReturnType<EngineTasks[K]>>;

interface QueuedTask {
  message: Omit<TaskMessage, 'id'>;
  priority: EnginePriority;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: SentError;
  heapUsed: number;
}

const MB = 1024 * 1024;

/**
 * The worker's code: compiled next to this file, or (tests of the package's own sources) its
 * TypeScript source, loaded through tsx, which registers itself in the thread before importing it.
 */
function workerEntry(): { source: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    return { source: new URL('./engine-worker.js', import.meta.url), eval: false };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
  const entry = new URL('./engine-worker.ts', import.meta.url).href;
  const esmApi = JSON.stringify(tsx.replace(/index\.cjs$/, 'index.mjs'));
  return {
    source: `import(${esmApi}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

/** One engine thread and the task it runs. */
class EngineThread {
  private readonly worker: Worker;
  private current: { id: number; task: QueuedTask; timer: NodeJS.Timeout } | null = null;
  private nextId = 0;
  /** Set once the thread is ending: it takes no more work. */
  ended = false;

  constructor(
    private readonly limits: EngineLimits,
    private readonly onFree: (thread: EngineThread) => void,
    private readonly onEnded: (thread: EngineThread) => void,
  ) {
    const inference = new MessageChannel();
    serveInference(inference.port1);
    const entry = workerEntry();
    this.worker = new Worker(entry.source, {
      eval: entry.eval,
      workerData: { inference: inference.port2 },
      transferList: [inference.port2],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    this.worker.on('message', (reply: Reply) => this.answer(reply));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.end(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed');
    });
    this.worker.on('exit', () => this.end('crashed'));
    this.worker.unref();
  }

  get busy(): boolean {
    return this.current !== null;
  }

  run(task: QueuedTask): void {
    const id = this.nextId++;
    const timer = setTimeout(() => this.end('timeout'), this.limits.timeoutMs);
    this.current = { id, task, timer };
    this.worker.ref();
    this.worker.postMessage({ id, ...task.message } satisfies TaskMessage);
  }

  private answer(reply: Reply): void {
    const current = this.current;
    if (!current || reply.id !== current.id) return;
    clearTimeout(current.timer);
    this.current = null;
    this.worker.unref();
    if (reply.error) current.task.reject(receivedError(reply.error));
    else current.task.resolve(reply.result);
    const recycleMb = this.limits.recycleHeapMb ?? this.limits.maxHeapMb / 4;
    if (reply.heapUsed > recycleMb * MB) this.retire();
    else this.onFree(this);
  }

  /** Ends the thread; a task it was running fails with the reason, worded for the clerk. */
  private end(reason: EngineStopReason): void {
    if (this.ended) return;
    this.ended = true;
    const current = this.current;
    this.current = null;
    void this.worker.terminate();
    this.onEnded(this);
    if (!current) return;
    clearTimeout(current.timer);
    const task = current.task.message.task;
    this.limits.onStop?.(task, reason);
    current.task.reject(
      new EngineStoppedError(reason, stopMessage(reason, task, this.limits), task),
    );
  }

  /** Ends an idle thread that holds much memory; a new one starts when work comes. */
  retire(): void {
    if (this.ended) return;
    this.ended = true;
    void this.worker.terminate();
    this.onEnded(this);
  }
}

function stopMessage(reason: EngineStopReason, task: EngineTaskName, limits: EngineLimits): string {
  const phrase = TASK_PHRASES[task];
  switch (reason) {
    case 'timeout':
      return `This document took longer than ${Math.round(limits.timeoutMs / 1000)} s ${phrase}; retry or contact support.`;
    case 'memory':
      return `This document needed more than ${limits.maxHeapMb} MB of memory ${phrase}; retry or contact support.`;
    case 'crashed':
      return `The document engine stopped unexpectedly on this document; retry or contact support.`;
  }
}

/**
 * Runs the engine's work (ENGINE_TASKS) in worker threads that can be stopped: each task has a
 * wall-clock limit and each thread a heap limit, and a thread that passes either is ended and
 * replaced while its task fails with EngineStoppedError. The calling thread (the server's event
 * loop) only hands work over, so no document can hold it up. Interactive tasks (someone waits)
 * are started before background ones.
 */
export class EnginePool {
  private readonly threads = new Set<EngineThread>();
  private readonly idle: EngineThread[] = [];
  private readonly queue: QueuedTask[] = [];
  private closed = false;

  constructor(private readonly limits: EngineLimits) {}

  /** Runs one task with its arguments in an engine thread. */
  run<K extends EngineTaskName>(
    task: K,
    args: Parameters<EngineTasks[K]>,
    priority: EnginePriority = 'background',
  ): Promise<Result<K>> {
    if (this.closed) return Promise.reject(new Error('The document engine is shut down'));
    return new Promise<Result<K>>((resolve, reject) => {
      const queued: QueuedTask = {
        message: { task, args: args },
        priority,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      // interactive work goes before all background work still waiting
      const firstBackground = this.queue.findIndex((t) => t.priority === 'background');
      if (priority === 'interactive' && firstBackground >= 0) {
        this.queue.splice(firstBackground, 0, queued);
      } else {
        this.queue.push(queued);
      }
      this.dispatch();
    });
  }

  /** Threads started and alive (tests, metrics). */
  get threadCount(): number {
    return this.threads.size;
  }

  /** Ends every thread; tasks still waiting or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) {
      task.reject(new Error('The document engine is shut down'));
    }
    for (const thread of [...this.threads]) thread.retire();
    this.idle.length = 0;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? this.start();
      if (!thread) return;
      thread.run(this.queue.shift()!);
    }
  }

  private start(): EngineThread | undefined {
    if (this.threads.size >= this.limits.size) return undefined;
    const thread = new EngineThread(
      this.limits,
      (free) => {
        this.idle.push(free);
        this.dispatch();
      },
      (ended) => {
        this.threads.delete(ended);
        const at = this.idle.indexOf(ended);
        if (at >= 0) this.idle.splice(at, 1);
        // a replacement starts for work still waiting
        if (!this.closed) this.dispatch();
      },
    );
    this.threads.add(thread);
    return thread;
  }
}
