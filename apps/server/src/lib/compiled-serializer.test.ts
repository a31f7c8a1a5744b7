import { PipelinePageSchema } from '@parser/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { compiledSerializerCompiler } from './compiled-serializer.js';

const route = (schema: unknown) =>
  ({ schema, method: 'GET', url: '/api/pipelines/pending-review', httpStatus: '200' }) as never;

const page = {
  items: [
    {
      pipeline_id: 'p-1',
      doc_type_id: 't-1',
      doc_type_name: 'Invoices "EU"',
      file_id: 'f-1',
      original_filename: 'Müller & Söhne\n2024.pdf',
      current_step: 'human_review',
      overall_status: 'needs_review',
      failure_reason: null,
      assigned_to: { id: 'u-1', email: 'ada@example.com' },
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
      // A column the repository selected that the contract does not name.
      tenant_id: 'secret-tenant',
    },
  ],
  next_cursor: null,
};

describe('compiledSerializerCompiler', () => {
  it('writes the same JSON as the zod serializer, without keys the schema does not name', () => {
    const compiled = compiledSerializerCompiler(route(PipelinePageSchema))(page);
    const zod = serializerCompiler(route(PipelinePageSchema))(page);
    expect(JSON.parse(compiled)).toEqual(JSON.parse(zod));
    expect(compiled).not.toContain('secret-tenant');
  });

  it('refuses a reply that lacks a required key instead of sending half a page', () => {
    const serialize = compiledSerializerCompiler(route(PipelinePageSchema));
    expect(() => serialize({ items: [] })).toThrow(/next_cursor/);
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express', () => {
    const withTransform = z.object({ at: z.date().transform((date) => date.toISOString()) });
    const serialize = compiledSerializerCompiler(route(withTransform));
    expect(JSON.parse(serialize({ at: new Date('2026-01-01T00:00:00Z') }))).toEqual({
      at: '2026-01-01T00:00:00.000Z',
    });
  });
});
