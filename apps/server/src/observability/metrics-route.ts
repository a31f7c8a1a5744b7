import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import type { Metrics } from './metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries `Authorization: Bearer <token>`, compared in constant time. */
function carriesToken(authorization: string | undefined, token: string): boolean {
  const sent = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * GET /metrics in Prometheus text format, on the API and on a worker's status port. With a token
 * (METRICS_TOKEN) only a scraper that sends it reads them: route names, queue depths and failure
 * counts say more about a deployment than anyone outside it needs to know.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (token !== undefined && !carriesToken(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 'UNAUTHENTICATED', detail: 'Metrics need the bearer token METRICS_TOKEN' });
    }
    return reply.header('content-type', metrics.contentType()).send(await metrics.render());
  });
}
