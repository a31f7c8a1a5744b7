import { ErrorSchema } from '@parser/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * The error answers a route documents, by status: every one is `{ detail, code }`. Listing them
 * makes the OpenAPI document say which failures a client must handle.
 */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorSchema])) as Record<
    S,
    typeof ErrorSchema
  >;
}

/** The OpenAPI security requirement of routes that take a bearer token (access token or API key). */
export const bearerSecurity = [{ bearer: [] }];

/** What a route's own schema says; its tags, security and error answers are its module's. */
interface OwnRouteSchema {
  summary: string;
  response: Record<number, z.ZodType>;
}

/**
 * The options of the routes a company's users and API keys call: the tenant check before the
 * handler, and each route's schema with the module's tags, bearer security and documented errors
 * (after the route's own answers).
 */
export function tenantRoutes<E extends Record<number, typeof ErrorSchema>>(
  app: Pick<FastifyInstance, 'requireTenant'>,
  tags: string[],
  errors: E,
) {
  return <S extends OwnRouteSchema>({ summary, response, ...own }: S) => ({
    preHandler: app.requireTenant,
    schema: {
      tags,
      summary,
      security: bearerSecurity,
      ...own,
      response: { ...response, ...errors },
    },
  });
}
