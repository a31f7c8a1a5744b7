import type { ExportConfig } from '@parser/contracts';
import { useMutation } from '@tanstack/react-query';

import { getErrorMessage } from '@/lib/api-client';

import { checkWebhookUrl } from './check-webhook-url';

/** The webhook settings the test uses. */
export type WebhookTestConfig = Pick<
  ExportConfig,
  'webhook_url' | 'auth_token' | 'api_key_header' | 'api_key_value' | 'headers' | 'timeout'
>;

export interface WebhookTestOutcome {
  ok: boolean;
  /** 'Success: 200 OK', 'Error: 500 Internal Server Error', the error's message or 'Unknown error'. */
  message: string;
}

/** The headers a webhook delivery carries: JSON, the admin's headers, API key and bearer token. */
export function webhookHeaders(config: WebhookTestConfig): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...config.headers };
  if (config.api_key_header.trim() && config.api_key_value) {
    headers[config.api_key_header.trim()] = config.api_key_value;
  }
  if (config.auth_token) headers.Authorization = `Bearer ${config.auth_token}`;
  return headers;
}

/**
 * Posts a test event to the admin's own URL straight from the browser (spec section 7: this call
 * does not go through the backend), so the endpoint must accept cross-origin requests.
 */
export async function testWebhook(config: WebhookTestConfig): Promise<WebhookTestOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeout * 1000);
  try {
    const response = await fetch(config.webhook_url.trim(), {
      method: 'POST',
      headers: webhookHeaders(config),
      body: JSON.stringify({
        event: 'webhook_test',
        data: { test: true },
        timestamp: new Date().toISOString(),
      }),
      signal: controller.signal,
    });
    const status = `${response.status} ${response.statusText}`.trim();
    return response.ok
      ? { ok: true, message: `Success: ${status}` }
      : { ok: false, message: `Error: ${status}` };
  } catch (error) {
    if (controller.signal.aborted) {
      return { ok: false, message: `No answer within ${config.timeout} seconds` };
    }
    return {
      ok: false,
      message: error instanceof Error && error.message ? error.message : 'Unknown error',
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The wizard's test: the browser can reach addresses the server refuses to deliver to (a local
 * service, a private network), so the server is asked first, and a URL deliveries cannot reach
 * fails the test with the reason instead of being called.
 */
export async function checkThenTestWebhook(config: WebhookTestConfig): Promise<WebhookTestOutcome> {
  let check;
  try {
    check = await checkWebhookUrl(config.webhook_url.trim());
  } catch (error) {
    return {
      ok: false,
      message: `Could not ask the server whether deliveries may reach this URL: ${getErrorMessage(error)}`,
    };
  }
  if (!check.allowed) {
    return {
      ok: false,
      message: `Real deliveries to this URL will be refused: ${check.reason ?? 'not allowed'}`,
    };
  }
  return testWebhook(config);
}

export function useTestWebhook() {
  return useMutation({ mutationFn: checkThenTestWebhook });
}
