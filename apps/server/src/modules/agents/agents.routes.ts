import { AgentName, AgentRunBodySchema, AgentRunResultSchema } from '@parser/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, tenantRoutes } from '../../lib/route-schemas.js';
import { tenantOf } from '../../plugins/auth.js';

import type { AgentsService } from './agents.service.js';

const PATHS: { path: string; agent: AgentName; summary: string }[] = [
  {
    path: 'data-entry',
    agent: 'data_entry',
    summary: 'Run the data entry agent over pipelines (a list, or all pending)',
  },
  {
    path: 'reconciliation',
    agent: 'reconciliation',
    summary: 'Run the reconciliation agent over pipelines (a list, or all pending)',
  },
];

export const agentsRoutes: FastifyPluginAsyncZod<{ agents: AgentsService }> = async (
  app,
  { agents },
) => {
  const route = tenantRoutes(app, ['agents'], errorResponses(400, 401, 403, 404, 409));

  for (const { path, agent, summary } of PATHS) {
    app.post(
      `/api/agents/${path}/run`,
      route({
        summary,
        body: AgentRunBodySchema,
        response: { 200: AgentRunResultSchema },
      }),
      (request) => agents.run(tenantOf(request), agent, request.body),
    );
  }

  app.get(
    '/api/agents/runs/:id',
    route({
      summary: "A background agent run's progress",
      params: z.object({ id: z.string() }),
      response: { 200: AgentRunResultSchema },
    }),
    (request) => agents.getRun(tenantOf(request), request.params.id),
  );
};
