import { ModelDocTypeBodySchema, ModelStatusSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { AiModelService } from './ai-model.service.js';

const errors = errorResponses(400, 401, 403, 404);

export const aiModelRoutes: FastifyPluginAsyncZod<{ aiModel: AiModelService }> = async (
  app,
  { aiModel },
) => {
  app.get(
    '/api/model',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['model'],
        summary:
          "The active engine (offline or AI model), the company's model usage and last error",
        security: bearerSecurity,
        response: { 200: ModelStatusSchema, ...errors },
      },
    },
    (request) => aiModel.status(tenantOf(request)),
  );

  app.put(
    '/api/model/doc-types/:id',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['model'],
        summary: 'Turn the AI model on or off for one document type (admins)',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        body: ModelDocTypeBodySchema,
        response: { 200: ModelStatusSchema, ...errors },
      },
    },
    (request) => aiModel.setUseModel(tenantOf(request), request.params.id, request.body),
  );
};
