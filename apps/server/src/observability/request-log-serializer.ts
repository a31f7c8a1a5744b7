import type { FastifyRequest } from 'fastify';

import { redactUrl } from './redact-url.js';

/**
 * The request as Fastify's "incoming request" log line shows it (the same keys as Fastify's own
 * serializer), with secrets in the URL redacted: invite tokens travel in paths, and log lines
 * are kept and shared far more widely than the tokens should be.
 */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
