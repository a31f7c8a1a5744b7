import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

import type { Database } from '../db/client.js';
import type { JobsRepository } from '../jobs/jobs.repository.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import type { BlobStorage } from '../storage/blob-storage.js';

import type { Metrics } from './metrics.js';
import { registerMetricsRoute } from './metrics-route.js';

export interface StatusServerOptions {
  db: Database;
  jobs: JobsRepository;
  storage: BlobStorage;
  metrics: Metrics;
  /** When set, /metrics answers only a scraper that sends it as a bearer token. */
  metricsToken?: string | undefined;
  version: string;
}

/**
 * The HTTP face of a worker process: /health, /ready and /metrics only, so orchestrators can probe
 * it and Prometheus can scrape the extraction and job metrics measured there.
 */
export async function buildStatusServer(options: StatusServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, {
    db: options.db,
    version: options.version,
    jobs: options.jobs,
    storage: options.storage,
  });
  registerMetricsRoute(app, options.metrics, options.metricsToken);
  return app;
}
