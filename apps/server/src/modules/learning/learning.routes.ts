import { ForgetLearnedVendorsResultSchema, LearnedVendorListSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { LearningService } from './learning.service.js';

export const learningRoutes: FastifyPluginAsyncZod<{ learning: LearningService }> = async (
  app,
  { learning },
) => {
  const route = tenantRoutes(app, ['learned-vendors'], errorResponses(400, 401, 403, 404));

  app.get(
    '/api/company/learned-vendors',
    route({
      summary:
        'Vendors Parser learned from reviewed documents, most recently taught first (admins)',
      response: { 200: LearnedVendorListSchema },
    }),
    (request) => learning.list(tenantOf(request)),
  );

  app.delete(
    '/api/company/learned-vendors/:id',
    route({
      summary: 'Forget a vendor: its documents are read by the general rules again (admins)',
      params: z.object({ id: z.string() }),
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await learning.forget(tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/company/learned-vendors',
    route({
      summary: 'Forget every learned vendor of the company (admins)',
      response: { 200: ForgetLearnedVendorsResultSchema },
    }),
    (request) => learning.forgetAll(tenantOf(request)),
  );
};
