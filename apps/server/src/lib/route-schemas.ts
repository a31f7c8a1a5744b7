import { ErrorSchema } from '@parser/contracts';

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
