import { HealthSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

import type { Database } from '../../db/client.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; version: string }> = async (
  app,
  { db, version },
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
      const database = await sql`SELECT 1`.execute(db).then(
        () => 'up' as const,
        () => 'down' as const,
      );
      return reply
        .code(database === 'up' ? 200 : 503)
        .send({ status: database === 'up' ? 'ok' : 'degraded', database, version });
    },
  );
};
