import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Metrics } from './metrics.js';
import { registerMetricsRoute } from './metrics-route.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics (also fed by the worker and the file reader). */
    metrics: Metrics;
  }
}

/** Route parameters that name a pipeline, so log lines of a request can be found by it. */
function pipelineIdOf(request: FastifyRequest): string | undefined {
  const url = request.routeOptions.url ?? '';
  if (!url.startsWith('/api/pipelines/:id')) return undefined;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Request ids on every answer (X-Request-Id, taken from the caller or the load balancer when it
 * sends one), the pipeline id on a pipeline request's log lines, latency per route pattern, and
 * GET /metrics in Prometheus text format.
 */
export const observabilityPlugin = fp<{ metrics: Metrics; metricsToken?: string | undefined }>(
  async (app, { metrics, metricsToken }) => {
    app.decorate('metrics', metrics);

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('preHandler', async (request) => {
      const pipelineId = pipelineIdOf(request);
      if (pipelineId) request.log = request.log.child({ pipelineId });
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the raw path: ids in paths would make one series per document.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    registerMetricsRoute(app, metrics, metricsToken);
  },
  { name: 'observability' },
);
