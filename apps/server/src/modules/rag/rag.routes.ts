import { ErrorSchema, RagDocumentListSchema, RagUploadResultSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bearerSecurity, errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';
import { readMultipartUpload } from '../files/multipart-upload.js';

import type { RagService } from './rag.service.js';

const errors = errorResponses(400, 401, 403, 404);
const IdParams = z.object({ id: z.string() });
const tags = ['knowledge documents'];

export const ragRoutes: FastifyPluginAsyncZod<{
  rag: RagService;
  maxUploadBytes: number;
}> = async (app, { rag, maxUploadBytes }) => {
  const route = tenantRoutes(app, tags, errors);

  app.get(
    '/api/rag',
    route({
      summary: "The company's knowledge documents, newest first",
      response: { 200: RagDocumentListSchema },
    }),
    (request) => rag.list(tenantOf(request)),
  );

  app.post(
    '/api/rag',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Upload a knowledge document (multipart: file, name, optional description)',
        description:
          'PDF, PNG and JPEG (identified by content), CSV and plain text. The text is extracted ' +
          'now and kept for the agents; a file without readable text answers 422.',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: {
          201: RagUploadResultSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          422: ErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const upload = await readMultipartUpload(request, maxUploadBytes);
      return reply.code(201).send(await rag.upload(tenantOf(request), upload));
    },
  );

  app.delete(
    '/api/rag/:id',
    route({
      summary: 'Delete a knowledge document; document types that linked it no longer list it',
      params: IdParams,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await rag.delete(tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
