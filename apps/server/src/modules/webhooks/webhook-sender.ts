import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import type { WebhookTarget } from './webhook-target.js';

/** The most of a receiver's answer that is read; only its status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookRequest {
  target: WebhookTarget;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** How one request went: 2xx is a success; anything else says why in `error`. */
export interface WebhookOutcome {
  success: boolean;
  /** null when no HTTP answer came (network error, timeout). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * POSTs the body once. The connection goes to the address the target was checked at (so a DNS
 * answer that changes in between cannot point it elsewhere), redirects are not followed, the
 * whole exchange is bounded by the timeout and at most 64 KB of the answer is read.
 */
export function sendWebhook(request: WebhookRequest): Promise<WebhookOutcome> {
  const { target, headers, body, timeoutMs } = request;
  const started = performance.now();
  const client = target.url.protocol === 'https:' ? https : http;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    let statusText = '';
    let outgoing: http.ClientRequest | undefined;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing?.destroy();
      const success =
        error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      resolve({
        success,
        statusCode,
        error: success ? null : (error ?? describeStatus(statusCode, statusText)),
        durationMs: Math.round(performance.now() - started),
      });
    };
    const timer = setTimeout(
      // Once the status has come, a slow body does not turn the answer into a timeout.
      () => finish(statusCode === null ? `No answer within ${timeoutMs / 1000} s` : null),
      timeoutMs,
    );
    try {
      outgoing = client.request(
        target.url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: pinned,
          agent: false,
        },
        (response) => {
          statusCode = response.statusCode ?? null;
          statusText = response.statusMessage ?? '';
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_RESPONSE_BYTES) finish(null);
          });
          response.on('end', () => finish(null));
          response.on('error', () => finish(null));
        },
      );
    } catch (error) {
      // Header names and values are checked before; this is the last line of defence.
      finish(`Could not send the request: ${(error as Error).message}`);
      return;
    }
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      finish(statusCode === null ? describeNetworkError(error, target) : null);
    });
    outgoing.end(body);
  });
}

function describeStatus(statusCode: number | null, statusText: string): string {
  const status = `${statusCode ?? ''} ${statusText}`.trim();
  if (statusCode !== null && statusCode >= 300 && statusCode < 400) {
    return `The receiver answered ${status}; redirects are not followed`;
  }
  return `The receiver answered ${status}`;
}

function describeNetworkError(error: NodeJS.ErrnoException, target: WebhookTarget): string {
  const where = `${target.url.host} (${target.address})`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return `Connection refused by ${where}`;
    case 'ECONNRESET':
      return `The connection to ${where} was closed before an answer came`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where} cannot be reached`;
    case undefined:
    default:
      return `Could not deliver to ${where}: ${error.message}`;
  }
}
