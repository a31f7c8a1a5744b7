import { HealthSchema, ReadinessSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

import type { Database } from '../../db/client.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import type { BlobStorage } from '../../storage/blob-storage.js';

export interface HealthRoutesOptions {
  db: Database;
  version: string;
  /** With these, GET /ready also checks the job queue and the blob storage. */
  jobs?: JobsRepository;
  storage?: BlobStorage;
  /** The optional AI model endpoint's reachability ('off' when none is configured). */
  model?: () => Promise<'up' | 'down' | 'off'>;
}

const READY_CHECK_TIMEOUT_MS = 3_000;

/** 'up' when the check settles in time, 'down' when it throws or hangs. */
async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { db, version, jobs, storage, model },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const [database, modelState] = await Promise.all([
        sql`SELECT 1`.execute(db).then(
          () => 'up' as const,
          () => 'down' as const,
        ),
        // Reported only: documents keep the offline result while the model is down.
        model?.(),
      ]);
      return reply.code(database === 'up' ? 200 : 503).send({
        status: database === 'up' ? 'ok' : 'degraded',
        database,
        version,
        ...(modelState ? { model: modelState } : {}),
      });
    },
  );

  // A load balancer sends traffic only to processes that answer 200 here.
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, job queue and file storage reachable',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const [database, queue, files] = await Promise.all([
        probe(() => sql`SELECT 1`.execute(db)),
        probe(async () => (jobs ? await jobs.countDue() : undefined)),
        probe(async () => (storage ? await storage.checkAvailable() : undefined)),
      ]);
      const ready = database === 'up' && queue === 'up' && files === 'up';
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        database,
        queue,
        storage: files,
      });
    },
  );
};
