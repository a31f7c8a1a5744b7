import type { MessagePort } from 'node:worker_threads';

import type { ReaderLanguage } from '../second-reader/reader-languages.js';
import {
  secondReaderPool,
  type SecondReaderRunner,
  type SecondWord,
} from '../second-reader/second-reader-pool.js';
import { inferencePool, type InferenceRunner, type Reply } from './inference-pool.js';

/** The kind of a message that asks for a second reading of a crop instead of a model run. */
const SECOND_READING = 'second-reading';

interface InferenceRequest {
  id: number;
  message: Record<string, unknown>;
  pixels: Float32Array | Uint8Array;
}

/** A request's work in this thread: a second reading of a crop, or a model run. */
async function serve({ message, pixels }: InferenceRequest): Promise<Reply> {
  if (message.kind !== SECOND_READING) return inferencePool.send(message, pixels);
  const image = {
    data: pixels as Uint8Array,
    width: message.width as number,
    height: message.height as number,
  };
  const words = await secondReaderPool.readText(image, message.language as ReaderLanguage);
  return { words };
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
    serve(request).then(
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

/** The engine thread's second readings, sent over the same port as its model runs. */
function secondReadingOver(runner: InferenceRunner): SecondReaderRunner {
  return {
    async readText(image, language) {
      const reply = await runner.send(
        { kind: SECOND_READING, width: image.width, height: image.height, language },
        image.data,
      );
      return reply.words as SecondWord[];
    },
  };
}

/**
 * Makes this thread's OCR and second readings run through `port` (called once in an engine worker
 * thread).
 */
export function useInferenceOver(port: MessagePort): void {
  const runner = inferenceOver(port);
  inferencePool.runElsewhere(runner);
  secondReaderPool.runElsewhere(secondReadingOver(runner));
}
