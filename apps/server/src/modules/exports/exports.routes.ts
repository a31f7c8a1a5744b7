import { ExportPageSchema, ExportQuerySchema, ListQuerySchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bearerSecurity, errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { ExportsService } from './exports.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['exports'];

export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (
  app,
  { exports },
) => {
  const route = tenantRoutes(app, tags, errors);

  app.get(
    '/api/pipelines/:id/export',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Download an approved document: ZIP (default), JSON, CSV or Excel',
        description:
          'The ZIP holds the original file, export_{id}.json, .csv, .xlsx and manifest.json ' +
          '(name, size and sha256 of every entry). A document that is not approved answers 409.',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        querystring: ExportQuerySchema,
        response: {
          200: z.unknown().describe('exports_{id}.zip, or export_{id}.{json,csv,xlsx}'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const download = await exports.download(
        tenantOf(request),
        request.params.id,
        request.query.format,
      );
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', `attachment; filename="${download.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(download.body);
    },
  );

  app.get(
    '/api/exports',
    route({
      summary: 'Approved documents, most recently approved first, with their latest delivery',
      querystring: ListQuerySchema,
      response: { 200: ExportPageSchema },
    }),
    (request) => exports.list(tenantOf(request), request.query),
  );
};
