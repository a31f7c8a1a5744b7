import { APICallError, NoObjectGeneratedError } from 'ai';

import type { AiModelSettings } from './ai-model-settings.js';

/** Why the model gave no usable answer, in the few kinds people act on differently. */
export type ModelFailureKind =
  'timeout' | 'http_status' | 'unreachable' | 'invalid_answer' | 'no_answer';

/**
 * What a log line may say about a failed model request. The AI SDK's errors carry the request
 * body (the prompt, with the document's text), the endpoint's answer and the model's own text,
 * in their fields and in their messages: none of that may reach the logs, so these facts are
 * taken from them instead and the errors themselves are never logged.
 */
export interface ModelFailureFacts {
  kind: ModelFailureKind;
  /** The endpoint's HTTP status, for kind `http_status`. */
  statusCode: number | null;
  /** The endpoint's host and port; never its path, query or credentials. */
  endpointHost: string;
  model: string;
  /** Requests made, retries included. */
  attempts: number;
  latencyMs: number;
}

export function modelFailureKind(error: unknown): {
  kind: ModelFailureKind;
  statusCode: number | null;
} {
  if (isTimeout(error)) return { kind: 'timeout', statusCode: null };
  if (NoObjectGeneratedError.isInstance(error)) return { kind: 'invalid_answer', statusCode: null };
  if (APICallError.isInstance(error)) {
    return error.statusCode === undefined
      ? { kind: 'unreachable', statusCode: null }
      : { kind: 'http_status', statusCode: error.statusCode };
  }
  if (error instanceof Error && /fetch failed|ECONNREFUSED|ENOTFOUND/i.test(error.message)) {
    return { kind: 'unreachable', statusCode: null };
  }
  return { kind: 'no_answer', statusCode: null };
}

/** A failure in words a user can act on; never the endpoint's credentials. */
export function describeModelFailure(
  { kind, statusCode }: Pick<ModelFailureFacts, 'kind' | 'statusCode'>,
  settings: AiModelSettings,
): string {
  switch (kind) {
    case 'timeout':
      return `The model did not answer within ${Math.round(settings.timeoutMs / 1000)} s`;
    case 'invalid_answer':
      return "The model's answer was not valid JSON for the document type's fields";
    case 'http_status':
      return `The model endpoint answered HTTP ${statusCode}`;
    case 'unreachable':
      return 'The model endpoint could not be reached';
    case 'no_answer':
      return 'The model gave no usable answer';
  }
}

/** The endpoint's host as a log line may show it. */
export function endpointHostOf(baseUrl: string): string {
  return URL.canParse(baseUrl) ? new URL(baseUrl).host : '';
}

function isTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return true;
  }
  return false;
}
