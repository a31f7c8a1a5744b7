import { PipelinePageSchema } from '@parser/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { compiledSerializerCompiler } from './compiled-serializer.js';

const route = (schema: unknown) =>
  ({ schema, method: 'GET', url: '/api/pipelines/pending-review', httpStatus: '200' }) as never;

const item = {
  pipeline_id: '6f1c2b8e-41d2-4c55-9a0e-3b7f0c9d1e21',
  doc_type_id: 'a3d4e5f6-1111-4222-8333-444455556666',
  doc_type_name: 'Invoices',
  file_id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
  original_filename: 'march.pdf',
  current_step: 'human_review',
  overall_status: 'needs_review',
  failure_reason: null,
  assigned_to: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

const page = {
  items: [
    {
      ...item,
      doc_type_name: 'Invoices "EU"',
      original_filename: 'Müller & Söhne\n2024.pdf',
      failure_reason: 'The file is "damaged" \\ unreadable',
      assigned_to: { id: 'c0ffee00-1234-4abc-8def-0123456789ab', email: 'ada@example.com' },
      // A column the repository selected that the contract does not name.
      tenant_id: 'secret-tenant',
    },
    item,
  ],
  next_cursor: 'MjAyNi0wMS0wMSAwMDowMDowMCswMHw2ZjFjMmI4ZQ',
};

describe('compiledSerializerCompiler', () => {
  it('writes the same JSON as the zod serializer, without keys the schema does not name', () => {
    const compiled = compiledSerializerCompiler(route(PipelinePageSchema))(page);
    const zod = serializerCompiler(route(PipelinePageSchema))(page);
    // Byte for byte: nulls stay null (not {} or ""), escapes are the same.
    expect(compiled).toBe(zod);
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
