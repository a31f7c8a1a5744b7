import {
  type DocType,
  type Document,
  DocumentSchema,
  type PendingByType,
  PendingByTypeSchema,
  type Pipeline,
  PipelineSchema,
  type PipelineStats,
  PipelineStatsSchema,
  type ReviewRecord,
  ReviewRecordSchema,
} from '@parser/contracts';

import { docTypeFixture } from '@/features/doc-types/test/fixtures';

/** Ids of the fixtures' records: uuids, as the server gives them. */
export const fixtureIds = {
  docType: '5d0c6a52-8f0e-4b7a-9a41-2c1f3e4d5a61',
  file: '9b2e7c14-3a5d-4f60-8e21-7c4b1a2d3e5f',
  pipeline: '0f8fad5b-d9cb-469f-a165-70867728950e',
};

/** Contract-checked fixtures for the document-flow screens' tests. */
export const flowFixtures = {
  docType: (overrides: Partial<DocType> = {}): DocType =>
    docTypeFixture({ presetKey: 'invoice', ...overrides }),

  stats: (overrides: Partial<PipelineStats> = {}): PipelineStats =>
    PipelineStatsSchema.parse({
      total: 0,
      completed: 0,
      pending_review: 0,
      pending_approval: 0,
      processing: 0,
      failed: 0,
      ...overrides,
    }),

  pendingByType: (overrides: Partial<PendingByType> = {}): PendingByType =>
    PendingByTypeSchema.parse({
      doc_type_id: 'dt-1',
      doc_type_name: 'Invoice',
      review_count: 0,
      approval_count: 0,
      recent: [],
      ...overrides,
    }),

  pipeline: (overrides: Partial<Pipeline> = {}): Pipeline =>
    PipelineSchema.parse({
      pipeline_id: fixtureIds.pipeline,
      doc_type_id: fixtureIds.docType,
      doc_type_name: 'Invoice',
      file_id: fixtureIds.file,
      original_filename: 'invoice.pdf',
      current_step: 'human_review',
      overall_status: 'needs_review',
      failure_reason: null,
      assigned_to: null,
      created_at: '2025-03-07T14:05:00Z',
      updated_at: '2025-03-07T14:05:00Z',
      ...overrides,
    }),

  document: (overrides: Partial<Document> = {}): Document =>
    DocumentSchema.parse({
      id: fixtureIds.file,
      fileName: 'invoice.pdf',
      mimeType: 'application/pdf',
      uploadAt: '2025-03-07T14:05:00Z',
      pages: 1,
      pipeline_id: null,
      current_step: null,
      ...overrides,
    }),

  /**
   * An invoice at review: fields invoice_number (string), invoice_date (date), total (currency,
   * required), paid (boolean); table line_items (description, qty, amount).
   */
  review: (overrides: Partial<ReviewRecord> = {}): ReviewRecord =>
    ReviewRecordSchema.parse({
      document_id: 'pl-1234567890',
      pipeline_id: 'pl-1234567890',
      file_id: 'file-1',
      original_filename: 'invoice-001.pdf',
      content_type: 'application/pdf',
      pages: 2,
      page_sizes: [
        { number: 1, width: 612, height: 792 },
        { number: 2, width: 612, height: 792 },
      ],
      doc_type_id: 'dt-1',
      doc_type_name: 'Invoice',
      current_step: 'human_review',
      overall_status: 'needs_review',
      failure_reason: null,
      schema: {
        fields: [
          { key: 'invoice_number', label: 'Invoice_Number', type: 'string', required: true },
          { key: 'invoice_date', label: 'Invoice Date', type: 'date', required: true },
          { key: 'total', label: 'Total', type: 'currency', required: true },
          { key: 'paid', label: 'Paid', type: 'boolean', required: false },
        ],
        tables: [
          {
            key: 'line_items',
            label: 'Line Items',
            columns: [
              { key: 'description', label: 'Description', type: 'string' },
              { key: 'qty', label: 'Qty', type: 'number' },
              { key: 'amount', label: 'Amount', type: 'currency' },
            ],
          },
        ],
      },
      extracted_data: {
        fields: {
          invoice_number: {
            value: 'INV-001',
            confidence: 0.95,
            source: { page: 1, box: [100, 50, 200, 70] },
          },
          invoice_date: {
            value: '2025-03-07',
            confidence: 0.7,
            source: { page: 1, box: [100, 80, 180, 95] },
          },
          total: { value: 120.5, confidence: 0.3, source: { page: 2, box: [400, 600, 480, 620] } },
          paid: { value: null, confidence: 0, source: null },
        },
        tables: {
          line_items: {
            rows: [
              {
                description: { value: 'Widget', confidence: 0.9, source: null },
                qty: { value: 2, confidence: 0.9, source: null },
                amount: { value: 120.5, confidence: 0.5, source: null },
              },
            ],
          },
        },
      },
      reviewed_data: null,
      review_notes: '',
      decision_notes: '',
      assigned_to: null,
      approved_by: null,
      approved_at: null,
      version: 3,
      history: [],
      created_at: '2025-03-07T14:05:00Z',
      updated_at: '2025-03-07T14:05:00Z',
      ...overrides,
    }),
};
