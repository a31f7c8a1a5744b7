import type { Config } from '../../config.js';

/** The optional AI model as configured; absent when LLM_BASE_URL or LLM_MODEL is unset. */
export interface AiModelSettings {
  /** e.g. http://localhost:11434/v1 */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Reads page images: scans, photos and handwriting. */
  visionModel: string | undefined;
  timeoutMs: number;
  maxConcurrency: number;
  /** Further attempts after a 429 or 5xx answer. */
  retries: number;
  /** The first wait before a retry; it doubles each time unless the endpoint sends Retry-After. */
  retryBaseMs: number;
}

export function aiModelSettingsFrom(config: Config): AiModelSettings | undefined {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return undefined;
  return {
    baseUrl: config.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: config.LLM_API_KEY || undefined,
    model: config.LLM_MODEL,
    visionModel: config.LLM_VISION_MODEL,
    timeoutMs: Math.round(config.LLM_TIMEOUT_S * 1000),
    maxConcurrency: config.LLM_MAX_CONCURRENCY,
    retries: 2,
    retryBaseMs: 1000,
  };
}

/** The endpoint's address as Settings may show it: no user name, password or query. */
export function publicEndpoint(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return '';
  }
}
