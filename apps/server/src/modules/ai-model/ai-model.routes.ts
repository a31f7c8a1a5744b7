import { ModelDocTypeBodySchema, ModelStatusSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { AiModelService } from './ai-model.service.js';

export const aiModelRoutes: FastifyPluginAsyncZod<{ aiModel: AiModelService }> = async (
  app,
  { aiModel },
) => {
  const route = tenantRoutes(app, ['model'], errorResponses(400, 401, 403, 404));

  app.get(
    '/api/model',
    route({
      summary: "The active engine (offline or AI model), the company's model usage and last error",
      response: { 200: ModelStatusSchema },
    }),
    (request) => aiModel.status(tenantOf(request)),
  );

  app.put(
    '/api/model/doc-types/:id',
    route({
      summary: 'Turn the AI model on or off for one document type (admins)',
      params: z.object({ id: z.string() }),
      body: ModelDocTypeBodySchema,
      response: { 200: ModelStatusSchema },
    }),
    (request) => aiModel.setUseModel(tenantOf(request), request.params.id, request.body),
  );
};
