import { setTimeout as sleep } from 'node:timers/promises';

import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  generateText,
  type LanguageModelUsage,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
} from 'ai';
import type { z } from 'zod';

import type { AiModelSettings } from './ai-model-settings.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import {
  describeModelFailure,
  endpointHostOf,
  type ModelFailureFacts,
  modelFailureKind,
} from './model-failure.js';

/** Tokens a request used, as the endpoint reported them (0 when it reports none). */
export interface TokenUse {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelAnswer<T> {
  object: T;
  model: string;
  usage: TokenUse;
  latencyMs: number;
}

/**
 * The model gave no usable answer: a timeout, an HTTP error, text that is not JSON or JSON that
 * fails the schema. `message` is written for the pipeline history and Settings; `facts` are what
 * a log line may show. The AI SDK's error is deliberately not kept as the cause: it holds the
 * prompt and the model's answer, which a logged error would carry into the logs.
 */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly usage: TokenUse,
    readonly facts: ModelFailureFacts,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }

  get model(): string {
    return this.facts.model;
  }

  get latencyMs(): number {
    return this.facts.latencyMs;
  }
}

export interface ModelRequest<T> {
  /** The answer's shape; sent as the JSON Schema of the structured output. */
  schema: z.ZodType<T>;
  /** Names the answer for the endpoint (OpenAI's json_schema.name). */
  name: string;
  system: string;
  messages: ModelMessage[];
  /** Use the vision model (the messages carry page images). */
  vision?: boolean;
}

const NO_USAGE: TokenUse = { inputTokens: 0, outputTokens: 0 };

const tokenUse = (usage: LanguageModelUsage | undefined): TokenUse => ({
  inputTokens: usage?.inputTokens ?? 0,
  outputTokens: usage?.outputTokens ?? 0,
});

/**
 * Requests to the OpenAI-compatible endpoint: structured output against a schema, at most
 * LLM_MAX_CONCURRENCY at once, each attempt bounded by LLM_TIMEOUT_S, and retried with backoff when
 * the endpoint is busy (429) or failing (5xx).
 */
export class ModelClient {
  private readonly provider: ReturnType<typeof createOpenAICompatible>;
  private readonly limit: ConcurrencyLimit;

  constructor(readonly settings: AiModelSettings) {
    this.provider = createOpenAICompatible({
      name: 'parser-model',
      baseURL: settings.baseUrl,
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      includeUsage: true,
      // Without it the request asks only for {type: 'json_object'} and the schema is not sent.
      supportsStructuredOutputs: true,
    });
    this.limit = new ConcurrencyLimit(settings.maxConcurrency);
  }

  /** The model a request goes to: the vision model for page images when one is set. */
  modelFor(vision: boolean): string {
    return vision && this.settings.visionModel ? this.settings.visionModel : this.settings.model;
  }

  async generate<T>(request: ModelRequest<T>): Promise<ModelAnswer<T>> {
    const model = this.modelFor(request.vision ?? false);
    return this.limit.run(async () => {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let usage: TokenUse = NO_USAGE;
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await generateText({
            model: this.provider.chatModel(model),
            system: request.system,
            messages: request.messages,
            output: Output.object({ schema: request.schema, name: request.name }),
            temperature: 0,
            // Retries are ours: they honour Retry-After and count toward the usage recorded.
            maxRetries: 0,
            abortSignal: AbortSignal.timeout(this.settings.timeoutMs),
          });
          usage = addUsage(usage, tokenUse(result.usage));
          return { object: result.output, model, usage, latencyMs: elapsed() };
        } catch (error) {
          if (NoObjectGeneratedError.isInstance(error))
            usage = addUsage(usage, tokenUse(error.usage));
          const wait = this.retryWait(error, attempt);
          if (wait === undefined) {
            const failure = modelFailureKind(error);
            throw new ModelCallError(describeModelFailure(failure, this.settings), usage, {
              ...failure,
              endpointHost: endpointHostOf(this.settings.baseUrl),
              model,
              attempts: attempt + 1,
              latencyMs: elapsed(),
            });
          }
          await sleep(wait);
        }
      }
    });
  }

  /** How long to wait before another attempt, or undefined when the failure is final. */
  private retryWait(error: unknown, attempt: number): number | undefined {
    if (attempt >= this.settings.retries || !APICallError.isInstance(error)) return undefined;
    const status = error.statusCode;
    if (status === undefined || (status !== 429 && status < 500)) return undefined;
    const retryAfter = Number(error.responseHeaders?.['retry-after']);
    if (Number.isFinite(retryAfter) && retryAfter >= 0) return Math.min(retryAfter * 1000, 30_000);
    return this.settings.retryBaseMs * 2 ** attempt;
  }
}

const addUsage = (a: TokenUse, b: TokenUse): TokenUse => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
});
