import {
  ErrorSchema,
  FileExtractionResponseSchema,
  TextLayerBodySchema,
  TextLayerSchema,
  UploadedFileSchema,
} from '@parser/contracts';
import { MAX_PREVIEW_WIDTH } from '@parser/extraction';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bearerSecurity, errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';
import type { DocumentExtraction } from '../extraction/document-extraction.service.js';

import { inlineDisposition } from './file-content.js';
import type { FilesService } from './files.service.js';
import { readMultipartUpload } from './multipart-upload.js';

// 503 ENGINE_BUSY: the engine work a request waits for outlasted the wait.
const errors = errorResponses(400, 401, 403, 404, 422, 503);
const tags = ['files'];
const FileParams = z.object({ fileId: z.string() });
const PageParams = FileParams.extend({ page: z.coerce.number().int().min(1).max(100_000) });
const PageImageQuery = z.object({
  width: z.coerce.number().int().min(16).max(MAX_PREVIEW_WIDTH).default(1200),
});

export const filesRoutes: FastifyPluginAsyncZod<{
  files: FilesService;
  /** Quick Setup's suggestion from an example document (the AI model's proposals added). */
  extraction: DocumentExtraction;
  maxUploadBytes: number;
}> = async (app, { files, extraction, maxUploadBytes }) => {
  const route = tenantRoutes(app, tags, errors);

  // `:` starts a path parameter in Fastify; `::` is a literal colon (the spec's /api/files:upload).
  app.post(
    '/api/files::upload',
    route({
      summary: 'Upload a document (multipart part "file"): PDF, PNG, JPEG, TIFF, DOC or DOCX',
      description:
        'The format is detected from the content. A damaged or password-protected document is ' +
        'stored with pages 0 and `error` saying why.',
      consumes: ['multipart/form-data'],
      response: { 201: UploadedFileSchema, 413: ErrorSchema, 415: ErrorSchema },
    }),
    async (request, reply) => {
      const upload = await readMultipartUpload(request, maxUploadBytes);
      return reply.code(201).send(await files.upload(tenantOf(request), upload.file));
    },
  );

  app.get(
    '/api/files/:fileId/view',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'The stored document, for preview',
        security: bearerSecurity,
        params: FileParams,
        response: {
          200: z.unknown().describe('The document, with its stored content type'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { file, blob } = await files.open(tenantOf(request).tenantId, request.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', blob.size)
        .header('content-disposition', inlineDisposition(file.originalFilename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(blob.stream);
    },
  );

  app.get(
    '/api/files/:fileId/pages/:page/image',
    route({
      summary: 'One page as a JPEG of the given width, for previews with highlights',
      description:
        "Source boxes of extracted values scale onto it by width / the page's width in the " +
        "review record's page_sizes. Word documents are shown as the pages their text is laid " +
        'out on when read; an e-invoice XML has no page images (404).',
      params: PageParams,
      querystring: PageImageQuery,
      response: { 200: z.unknown().describe('image/jpeg') },
    }),
    async (request, reply) => {
      const image = await files.pageImage(
        tenantOf(request).tenantId,
        request.params.fileId,
        request.params.page,
        request.query.width,
      );
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(image.bytes);
    },
  );

  app.post(
    '/api/files/:fileId/extract',
    route({
      summary: 'Suggest fields and tables from an example document (Quick Setup)',
      params: FileParams,
      response: { 200: FileExtractionResponseSchema },
    }),
    (request) => extraction.suggest(tenantOf(request).tenantId, request.params.fileId),
  );

  app.post(
    '/api/vision/textlayer',
    route({
      summary: "A document's text with word boxes, per page",
      body: TextLayerBodySchema,
      response: { 200: TextLayerSchema },
    }),
    (request) => files.textLayer(tenantOf(request).tenantId, request.body.fileId),
  );
};
