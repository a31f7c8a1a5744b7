import {
  CreateUploadBodySchema,
  UploadCreatedSchema,
  ValidateUploadBodySchema,
  ValidationResultSchema,
} from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { UploadsService } from './uploads.service.js';

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (
  app,
  { uploads },
) => {
  const route = tenantRoutes(app, ['uploads'], errorResponses(400, 401, 403, 404));

  // '::' escapes the colon of the spec's path `/api/uploads:validate`.
  app.post(
    '/api/uploads::validate',
    route({
      summary: 'Check that an uploaded file is a document of the chosen type',
      body: ValidateUploadBodySchema,
      response: { 200: ValidationResultSchema },
    }),
    (request) => uploads.validate(tenantOf(request), request.body),
  );

  app.post(
    '/api/uploads',
    route({
      summary: 'Process uploaded files as documents of a type: one pipeline per file',
      body: CreateUploadBodySchema,
      response: { 201: UploadCreatedSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await uploads.create(tenantOf(request), request.body)),
  );
};
