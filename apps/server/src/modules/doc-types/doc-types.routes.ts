import {
  DeleteDocTypeQuerySchema,
  DocTypeCreateSchema,
  DocTypeListSchema,
  DocTypeSchema,
  DocTypeTestBodySchema,
  DocTypeTestResultSchema,
  DocTypeUpdateSchema,
  ErrorSchema,
} from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { DocTypesService } from './doc-types.service.js';

const IdParams = z.object({ id: z.string() });

export const docTypesRoutes: FastifyPluginAsyncZod<{ docTypes: DocTypesService }> = async (
  app,
  { docTypes },
) => {
  const route = tenantRoutes(app, ['doc-types'], errorResponses(400, 401, 403, 404));

  app.get(
    '/api/doc-types',
    route({
      summary: "The company's document types, newest first",
      response: { 200: DocTypeListSchema },
    }),
    (request) => docTypes.list(tenantOf(request)),
  );

  app.post(
    '/api/doc-types',
    route({
      summary: 'Create a document type',
      description:
        "With `temporary: true` the type is the Test step's throwaway copy: named " +
        '`{name}_test_{timestamp}`, never listed, deleted after its test.',
      body: DocTypeCreateSchema,
      response: { 201: DocTypeSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await docTypes.create(tenantOf(request), request.body)),
  );

  app.get(
    '/api/doc-types/:id',
    route({
      summary: 'One document type',
      params: IdParams,
      response: { 200: DocTypeSchema },
    }),
    (request) => docTypes.get(tenantOf(request), request.params.id),
  );

  app.put(
    '/api/doc-types/:id',
    route({
      summary: 'Update a document type (edit mode)',
      description:
        'Only the keys sent change. Description and presetKey cannot change and are ignored.',
      params: IdParams,
      body: DocTypeUpdateSchema,
      response: { 200: DocTypeSchema },
    }),
    (request) => docTypes.update(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/doc-types/:id',
    route({
      summary: 'Delete a document type',
      description:
        'A type with documents answers 409 unless `force=true`, which deletes its documents too.',
      params: IdParams,
      querystring: DeleteDocTypeQuerySchema,
      response: { 204: z.null(), 409: ErrorSchema },
    }),
    async (request, reply) => {
      await docTypes.delete(tenantOf(request), request.params.id, request.query.force);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/doc-types/:id/test',
    route({
      summary: "Extract the type's fields and tables from a file (the wizard's Test step)",
      params: IdParams,
      body: DocTypeTestBodySchema,
      response: { 200: DocTypeTestResultSchema, 422: ErrorSchema },
    }),
    (request) => docTypes.test(tenantOf(request), request.params.id, request.body.fileId),
  );
};
