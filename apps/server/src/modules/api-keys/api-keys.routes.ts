import { ApiKeyListSchema, CreateApiKeyBodySchema, CreatedApiKeySchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { ApiKeysService } from './api-keys.service.js';

export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (
  app,
  { apiKeys },
) => {
  const route = tenantRoutes(app, ['api-keys'], errorResponses(400, 401, 403, 404));

  app.get(
    '/api/api-keys',
    route({
      summary: "The company's API keys, newest first (admins)",
      response: { 200: ApiKeyListSchema },
    }),
    (request) => apiKeys.list(tenantOf(request)),
  );

  app.post(
    '/api/api-keys',
    route({
      summary: 'Create a named API key; the whole key is in this answer only (admins)',
      description:
        'Send the key as `Authorization: Bearer prs_…`. It works for uploads, document and ' +
        'pipeline reads and exports of the company, never for identity or settings routes.',
      body: CreateApiKeyBodySchema,
      response: { 201: CreatedApiKeySchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await apiKeys.create(tenantOf(request), request.body)),
  );

  app.delete(
    '/api/api-keys/:id',
    route({
      summary: 'Revoke an API key at once (admins)',
      params: z.object({ id: z.string() }),
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await apiKeys.revoke(tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
