import {
  AgentStatsSchema,
  ApprovalBodySchema,
  BulkDeleteBodySchema,
  BulkDeleteResultSchema,
  ListQuerySchema,
  PendingSummarySchema,
  PipelinePageSchema,
  PipelineStatsSchema,
  QueuePositionSchema,
  ReviewRecordSchema,
  SaveReviewBodySchema,
} from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';
import { errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { PipelineListName, PipelinesService } from './pipelines.service.js';

const IdParams = z.object({ id: z.string() });

const LISTS: { path: PipelineListName; summary: string }[] = [
  { path: 'pending-review', summary: 'Documents waiting for review, newest first' },
  { path: 'pending-approval', summary: 'Documents waiting for approval, newest first' },
  { path: 'all', summary: 'Every document of the company, newest first' },
  { path: 'approved', summary: 'Approved (completed) documents, newest first' },
];

export const pipelinesRoutes: FastifyPluginAsyncZod<{ pipelines: PipelinesService }> = async (
  app,
  { pipelines },
) => {
  const route = tenantRoutes(app, ['pipelines'], errorResponses(400, 401, 403, 404, 409, 422));

  for (const list of LISTS) {
    app.get(
      `/api/pipelines/${list.path}`,
      {
        ...route({
          summary: list.summary,
          querystring: ListQuerySchema,
          response: { 200: PipelinePageSchema },
        }),
        // The screens poll these lists: JSON written by code compiled from the schema.
        serializerCompiler: compiledSerializerCompiler,
      },
      (request) => pipelines.list(tenantOf(request), list.path, request.query),
    );
  }

  app.get(
    '/api/pipelines/stats',
    {
      ...route({
        summary: 'Counts of documents by state',
        response: { 200: PipelineStatsSchema },
      }),
      serializerCompiler: compiledSerializerCompiler,
    },
    (request) => pipelines.stats(tenantOf(request)),
  );

  app.get(
    '/api/pipelines/pending-summary',
    {
      ...route({
        summary: 'Pending documents per document type, with the two newest',
        response: { 200: PendingSummarySchema },
      }),
      serializerCompiler: compiledSerializerCompiler,
    },
    (request) => pipelines.pendingSummary(tenantOf(request)),
  );

  app.get(
    '/api/pipelines/agent-stats',
    route({
      summary: 'Pending documents the agents can run on',
      response: { 200: AgentStatsSchema },
    }),
    (request) => pipelines.agentStats(tenantOf(request)),
  );

  app.get(
    '/api/pipelines/:id/review',
    route({
      summary: 'The review record: extracted and reviewed values, schema and history',
      params: IdParams,
      response: { 200: ReviewRecordSchema },
    }),
    (request) => pipelines.getReview(tenantOf(request), request.params.id),
  );

  app.get(
    '/api/pipelines/:id/queue-position',
    route({
      summary: 'Where the document stands among those of its type at its step, with its neighbours',
      params: IdParams,
      response: { 200: QueuePositionSchema },
    }),
    (request) => pipelines.queuePosition(tenantOf(request), request.params.id),
  );

  app.post(
    '/api/pipelines/:id/review',
    route({
      summary: "Save the reviewer's values; action 'submit' sends the document to approval",
      params: IdParams,
      body: SaveReviewBodySchema,
      response: { 200: ReviewRecordSchema },
    }),
    (request) => pipelines.saveReview(tenantOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/pipelines/:id/approval',
    route({
      summary: 'Approve, reject, or send the document to a colleague for approval',
      params: IdParams,
      body: ApprovalBodySchema,
      response: { 200: ReviewRecordSchema },
    }),
    (request) => pipelines.decide(tenantOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/pipelines/:id/re-extract',
    route({
      summary: 'Run extraction on the document again (reviewed values are kept)',
      params: IdParams,
      response: { 200: ReviewRecordSchema },
    }),
    (request) => pipelines.reExtract(tenantOf(request), request.params.id),
  );

  app.post(
    '/api/pipelines/:id/retry',
    route({
      summary: 'Send a failed document through extraction again',
      params: IdParams,
      response: { 200: ReviewRecordSchema },
    }),
    (request) => pipelines.retry(tenantOf(request), request.params.id),
  );

  app.delete(
    '/api/pipelines/:id',
    route({
      summary: 'Delete a document with its file, review and approval data',
      params: IdParams,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await pipelines.delete(tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/pipelines/bulk-delete',
    route({
      summary: 'Delete several documents: all of them, or none when one is unknown',
      body: BulkDeleteBodySchema,
      response: { 200: BulkDeleteResultSchema },
    }),
    (request) => pipelines.bulkDelete(tenantOf(request), request.body.pipeline_ids),
  );
};
