import { DocumentListQuerySchema, DocumentPageSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { DocumentsService } from './documents.service.js';

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (
  app,
  { documents },
) => {
  app.get(
    '/api/documents/',
    {
      preHandler: app.requireTenant,
      // Polled and searched as people type: JSON written by code compiled from the schema.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['documents'],
        summary: 'Uploaded documents, newest first; q filters by file name',
        security: bearerSecurity,
        querystring: DocumentListQuerySchema,
        response: { 200: DocumentPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => documents.list(tenantOf(request), request.query),
  );
};
