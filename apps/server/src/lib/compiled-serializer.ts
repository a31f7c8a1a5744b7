import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchemaNode = Record<string, unknown>;

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
  let jsonSchema: JsonSchemaNode;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  } catch {
    // A schema JSON Schema cannot express (a transform, a date): keep zod's serializer.
    return zodSerializerCompiler(route as never);
  }
  delete jsonSchema.$schema;
  return fastJson(forWriting(jsonSchema) as unknown as Parameters<typeof fastJson>[0], {
    // Where a schema still needs a validator (an anyOf of two object shapes, say), the validator
    // is told that 'unsafe' is a format for writing only.
    ajv: { formats: { unsafe: true } },
  });
};

/** String formats whose every value is written as is: none of their characters needs escaping. */
const VERBATIM_FORMATS = new Set(['uuid', 'date-time']);

/**
 * The schema as the generated code should write it, with the same output:
 * - a nullable value (`anyOf: [T, null]`) becomes T marked nullable, which the generated code
 *   checks with `=== null`; an anyOf would run a JSON Schema validator on every row to pick its
 *   branch;
 * - uuids and timestamps are written between quotes without scanning them for characters to
 *   escape: their formats hold only hex digits, dashes, digits, colons, dots and letters. The
 *   values come from the database's uuid and timestamp columns, never from what users typed.
 */
function forWriting(node: JsonSchemaNode): JsonSchemaNode {
  const anyOf = node.anyOf as JsonSchemaNode[] | undefined;
  if (anyOf?.length === 2 && Object.keys(node).length === 1) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    if (
      other &&
      anyOf.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1)
    ) {
      return { ...forWriting(other), nullable: true };
    }
  }
  const written: JsonSchemaNode = { ...node };
  if (node.type === 'string' && VERBATIM_FORMATS.has(node.format as string)) {
    written.format = 'unsafe';
    delete written.pattern;
  }
  if (node.properties) {
    written.properties = Object.fromEntries(
      Object.entries(node.properties as Record<string, JsonSchemaNode>).map(([key, value]) => [
        key,
        forWriting(value),
      ]),
    );
  }
  if (node.items && !Array.isArray(node.items)) {
    written.items = forWriting(node.items as JsonSchemaNode);
  }
  if (anyOf) written.anyOf = anyOf.map(forWriting);
  return written;
}
