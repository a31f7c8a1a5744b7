import { ForgetLearnedVendorsResultSchema, LearnedVendorListSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { LearningService } from './learning.service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['learned-vendors'];

export const learningRoutes: FastifyPluginAsyncZod<{ learning: LearningService }> = async (
  app,
  { learning },
) => {
  app.get(
    '/api/company/learned-vendors',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary:
          'Vendors Parser learned from reviewed documents, most recently taught first (admins)',
        security: bearerSecurity,
        response: { 200: LearnedVendorListSchema, ...errors },
      },
    },
    (request) => learning.list(tenantOf(request)),
  );

  app.delete(
    '/api/company/learned-vendors/:id',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Forget a vendor: its documents are read by the general rules again (admins)',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await learning.forget(tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/company/learned-vendors',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Forget every learned vendor of the company (admins)',
        security: bearerSecurity,
        response: { 200: ForgetLearnedVendorsResultSchema, ...errors },
      },
    },
    (request) => learning.forgetAll(tenantOf(request)),
  );
};
