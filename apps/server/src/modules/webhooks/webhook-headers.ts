import { validateHeaderName, validateHeaderValue } from 'node:http';

import type { ExportConfig } from '@parser/contracts';

import { WebhookRefusedError } from './webhook-target.js';

export const WEBHOOK_USER_AGENT = 'Parser-Webhooks/1.0';

/** Headers the connection itself owns; a webhook may not set them. */
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
]);

/** Headers every delivery carries; a custom header of the same name is replaced. */
const DELIVERY_HEADERS = new Set([
  'content-type',
  'user-agent',
  'x-parser-delivery',
  'x-parser-signature',
]);

const MAX_HEADERS = 50;

/**
 * Custom headers as they will be sent: names and values checked (no line breaks, valid names),
 * connection headers refused, and the delivery's own headers left to the delivery.
 */
export function customHeaders(headers: Record<string, string>): Record<string, string> {
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) {
    throw new WebhookRefusedError(`A webhook can carry at most ${MAX_HEADERS} custom headers`);
  }
  // Names are case-insensitive: of two spellings of one header, the later one is sent.
  const checked = new Map<string, [string, string]>();
  for (const [rawName, value] of entries) {
    const name = rawName.trim();
    const lower = name.toLowerCase();
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      throw new WebhookRefusedError(`Webhook header "${rawName}" has an invalid name or value`);
    }
    if (CONNECTION_HEADERS.has(lower)) {
      throw new WebhookRefusedError(`Webhook header "${name}" cannot be set`);
    }
    if (!DELIVERY_HEADERS.has(lower)) checked.set(lower, [name, value]);
  }
  return Object.fromEntries(checked.values());
}

/**
 * The headers a document type's export settings add: its custom headers, `Authorization: Bearer`
 * with its auth token, and its API key header with its value when both are set.
 */
export function configuredHeaders(config: ExportConfig): Record<string, string> {
  const headers: Record<string, string> = { ...config.headers };
  if (config.auth_token) headers.Authorization = `Bearer ${config.auth_token}`;
  if (config.api_key_header && config.api_key_value) {
    headers[config.api_key_header] = config.api_key_value;
  }
  return headers;
}

/** The full header set of one request. */
export function deliveryRequestHeaders(
  custom: Record<string, string>,
  delivery: { id: string; signature: string },
): Record<string, string> {
  return {
    ...custom,
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    'X-Parser-Delivery': delivery.id,
    'X-Parser-Signature': delivery.signature,
  };
}
