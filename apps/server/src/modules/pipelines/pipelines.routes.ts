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
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { PipelineListName, PipelinesService } from './pipelines.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const IdParams = z.object({ id: z.string() });
const tags = ['pipelines'];

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
  for (const list of LISTS) {
    app.get(
      `/api/pipelines/${list.path}`,
      {
        preHandler: app.requireTenant,
        // The screens poll these lists: JSON written by code compiled from the schema.
        serializerCompiler: compiledSerializerCompiler,
        schema: {
          tags,
          summary: list.summary,
          security: bearerSecurity,
          querystring: ListQuerySchema,
          response: { 200: PipelinePageSchema, ...errors },
        },
      },
      (request) => pipelines.list(tenantOf(request), list.path, request.query),
    );
  }

  app.get(
    '/api/pipelines/stats',
    {
      preHandler: app.requireTenant,
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags,
        summary: 'Counts of documents by state',
        security: bearerSecurity,
        response: { 200: PipelineStatsSchema, ...errors },
      },
    },
    (request) => pipelines.stats(tenantOf(request)),
  );

  app.get(
    '/api/pipelines/pending-summary',
    {
      preHandler: app.requireTenant,
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags,
        summary: 'Pending documents per document type, with the two newest',
        security: bearerSecurity,
        response: { 200: PendingSummarySchema, ...errors },
      },
    },
    (request) => pipelines.pendingSummary(tenantOf(request)),
  );

  app.get(
    '/api/pipelines/agent-stats',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Pending documents the agents can run on',
        security: bearerSecurity,
        response: { 200: AgentStatsSchema, ...errors },
      },
    },
    (request) => pipelines.agentStats(tenantOf(request)),
  );

  app.get(
    '/api/pipelines/:id/review',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'The review record: extracted and reviewed values, schema and history',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: ReviewRecordSchema, ...errors },
      },
    },
    (request) => pipelines.getReview(tenantOf(request), request.params.id),
  );

  app.get(
    '/api/pipelines/:id/queue-position',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary:
          'Where the document stands among those of its type at its step, with its neighbours',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: QueuePositionSchema, ...errors },
      },
    },
    (request) => pipelines.queuePosition(tenantOf(request), request.params.id),
  );

  app.post(
    '/api/pipelines/:id/review',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: "Save the reviewer's values; action 'submit' sends the document to approval",
        security: bearerSecurity,
        params: IdParams,
        body: SaveReviewBodySchema,
        response: { 200: ReviewRecordSchema, ...errors },
      },
    },
    (request) => pipelines.saveReview(tenantOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/pipelines/:id/approval',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Approve, reject, or send the document to a colleague for approval',
        security: bearerSecurity,
        params: IdParams,
        body: ApprovalBodySchema,
        response: { 200: ReviewRecordSchema, ...errors },
      },
    },
    (request) => pipelines.decide(tenantOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/pipelines/:id/re-extract',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Run extraction on the document again (reviewed values are kept)',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: ReviewRecordSchema, ...errors },
      },
    },
    (request) => pipelines.reExtract(tenantOf(request), request.params.id),
  );

  app.post(
    '/api/pipelines/:id/retry',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Send a failed document through extraction again',
        security: bearerSecurity,
        params: IdParams,
        response: { 200: ReviewRecordSchema, ...errors },
      },
    },
    (request) => pipelines.retry(tenantOf(request), request.params.id),
  );

  app.delete(
    '/api/pipelines/:id',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Delete a document with its file, review and approval data',
        security: bearerSecurity,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await pipelines.delete(tenantOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/pipelines/bulk-delete',
    {
      preHandler: app.requireTenant,
      schema: {
        tags,
        summary: 'Delete several documents: all of them, or none when one is unknown',
        security: bearerSecurity,
        body: BulkDeleteBodySchema,
        response: { 200: BulkDeleteResultSchema, ...errors },
      },
    },
    (request) => pipelines.bulkDelete(tenantOf(request), request.body.pipeline_ids),
  );
};
