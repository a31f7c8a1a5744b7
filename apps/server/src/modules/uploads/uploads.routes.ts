import {
  CreateUploadBodySchema,
  UploadCreatedSchema,
  ValidateUploadBodySchema,
  ValidationResultSchema,
} from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { UploadsService } from './uploads.service.js';

const errors = errorResponses(400, 401, 403, 404);

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (
  app,
  { uploads },
) => {
  // '::' escapes the colon of the spec's path `/api/uploads:validate`.
  app.post(
    '/api/uploads::validate',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['uploads'],
        summary: 'Check that an uploaded file is a document of the chosen type',
        security: bearerSecurity,
        body: ValidateUploadBodySchema,
        response: { 200: ValidationResultSchema, ...errors },
      },
    },
    (request) => uploads.validate(tenantOf(request), request.body),
  );

  app.post(
    '/api/uploads',
    {
      preHandler: app.requireTenant,
      schema: {
        tags: ['uploads'],
        summary: 'Process uploaded files as documents of a type: one pipeline per file',
        security: bearerSecurity,
        body: CreateUploadBodySchema,
        response: { 201: UploadCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await uploads.create(tenantOf(request), request.body)),
  );
};
