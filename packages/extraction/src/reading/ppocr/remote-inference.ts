import type { MessagePort } from 'node:worker_threads';

import { inferencePool, type InferenceRunner, type Reply } from './inference-pool.js';

interface InferenceRequest {
  id: number;
  message: Record<string, unknown>;
  pixels: Float32Array;
}

interface InferenceAnswer {
  id: number;
  reply?: Reply;
  error?: string;
}

/** The buffers of a reply's typed arrays, handed over rather than copied. */
function buffersOf(reply: Reply): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const value of Object.values(reply)) {
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer)
      buffers.push(value.buffer);
  }
  return buffers;
}

/**
 * Answers the model runs an engine worker thread sends over `port` with this thread's OCR workers.
 * A run still out when the engine thread is ended finishes here and its answer is dropped.
 */
export function serveInference(port: MessagePort): void {
  port.on('message', (request: InferenceRequest) => {
    inferencePool.send(request.message, request.pixels).then(
      (reply) => {
        const answer: InferenceAnswer = { id: request.id, reply };
        port.postMessage(answer, buffersOf(reply));
      },
      (error: unknown) => {
        const answer: InferenceAnswer = {
          id: request.id,
          error: error instanceof Error ? error.message : String(error),
        };
        port.postMessage(answer);
      },
    );
  });
  // the port must not keep the thread alive on its own
  port.unref();
}

/** The engine thread's side: its model runs go over `port` to the thread that owns the models. */
export function inferenceOver(port: MessagePort): InferenceRunner {
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  port.on('message', (answer: InferenceAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (pending.size === 0) port.unref();
    if (answer.reply) waiting.resolve(answer.reply);
    else waiting.reject(new Error(answer.error ?? 'OCR failed'));
  });
  port.unref();
  return {
    send(message, pixels) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        port.ref();
        const request: InferenceRequest = { id, message, pixels };
        port.postMessage(request, [pixels.buffer as ArrayBuffer]);
      });
    },
  };
}

/** Makes this thread's OCR run through `port` (called once in an engine worker thread). */
export function useInferenceOver(port: MessagePort): void {
  inferencePool.runElsewhere(inferenceOver(port));
}
