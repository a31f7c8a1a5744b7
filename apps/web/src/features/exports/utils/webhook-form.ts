import type { ExportConfig } from '@parser/contracts';

import { parseHeadersJson } from '@/lib/headers-json';

/** What the webhook modal edits. */
export interface WebhookFormValues {
  url: string;
  apiKeyHeader: string;
  apiKeyValue: string;
  /** JSON text of an object of header names to values. */
  headersText: string;
}

export const HEADERS_JSON_ERROR = 'Headers must be valid JSON';

/**
 * The headers to send: the JSON headers, plus the API key header when both its name and value are
 * given (spec section 5). Null when the JSON is invalid.
 */
export function webhookHeaders(values: WebhookFormValues): Record<string, string> | null {
  // Unlike the type's settings, which ignore bad JSON, the modal refuses it (spec section 5).
  const headers = parseHeadersJson(values.headersText);
  if (headers === null) return null;
  const name = values.apiKeyHeader.trim();
  if (name && values.apiKeyValue) headers[name] = values.apiKeyValue;
  return headers;
}

/**
 * The modal's starting values from the document type's webhook export setting. The type's bearer
 * token is not shown: the server adds it itself when the document goes to the type's own URL.
 */
export function webhookFormDefaults(config: ExportConfig | undefined): WebhookFormValues {
  if (!config) return { url: '', apiKeyHeader: '', apiKeyValue: '', headersText: '{}' };
  const headers: Record<string, string> = { ...config.headers };
  return {
    url: config.webhook_url,
    apiKeyHeader: config.api_key_header,
    apiKeyValue: config.api_key_value,
    headersText: Object.keys(headers).length > 0 ? JSON.stringify(headers, null, 2) : '{}',
  };
}
