import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's serializerCompiler for its zod response schemas that writes JSON with code generated
 * from the schema (fast-json-stringify) instead of validating the reply with zod and calling
 * JSON.stringify. Like the zod serializer it drops keys the schema does not name and refuses a
 * reply without a required key; it does not re-check string formats or number ranges, which the
 * repository's typed rows already guarantee. Used on the hot list and count endpoints.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route as never);
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  } catch {
    // A schema JSON Schema cannot express (a transform, a date): keep zod's serializer.
    return zodSerializerCompiler(route as never);
  }
  delete jsonSchema.$schema;
  return fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]);
};
