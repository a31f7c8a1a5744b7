import { describe, expect, it } from 'vitest';

import { buildExportDocument, type ExportSource } from './export-document.js';

const source: ExportSource = {
  pipelineId: 'p-1',
  docType: { id: 't-1', name: 'Invoices' },
  file: {
    name: 'invoice.pdf',
    contentType: 'application/pdf',
    pages: 2,
    uploadedAt: new Date('2024-05-01T09:00:00Z'),
  },
  approvedBy: 'boss@example.com',
  approvedAt: new Date('2024-05-02T12:30:00Z'),
  data: {
    fields: { total: 12.5, date: '2024-04-30', paid: true },
    tables: { items: [{ qty: 2 }] },
  },
  rawExtraction: { fields: {}, tables: {} },
  reconciliation: null,
};
const exportedAt = new Date('2024-05-03T08:00:00Z');

describe('buildExportDocument', () => {
  it('answers the approved values with their types, and the metadata when asked', () => {
    const document = buildExportDocument(
      source,
      { include_metadata: true, include_raw: false, include_recon: false },
      { exportedAt },
    );
    expect(document).toEqual({
      data: source.data,
      metadata: {
        pipeline_id: 'p-1',
        document_type: { id: 't-1', name: 'Invoices' },
        file_name: 'invoice.pdf',
        content_type: 'application/pdf',
        pages: 2,
        uploaded_at: '2024-05-01T09:00:00.000Z',
        approved_by: 'boss@example.com',
        approved_at: '2024-05-02T12:30:00.000Z',
        exported_at: '2024-05-03T08:00:00.000Z',
      },
    });
    expect(typeof document.data.fields.total).toBe('number');
  });

  it('adds the raw extraction, the reconciliation report and the event only when asked', () => {
    const document = buildExportDocument(
      source,
      { include_metadata: false, include_raw: true, include_recon: true },
      { exportedAt, event: 'document.approved' },
    );
    expect(document).toEqual({
      event: 'document.approved',
      data: source.data,
      raw_extraction: source.rawExtraction,
      reconciliation: null,
    });
  });

  it('names the currency of each money field the engine read one for', () => {
    const document = buildExportDocument(
      {
        ...source,
        rawExtraction: {
          fields: {
            total: { value: 12.5, confidence: 0.9, source: null, currency: 'EUR' },
            date: { value: '2024-04-30', confidence: 0.9, source: null },
          },
          tables: {},
        },
      },
      { include_metadata: false, include_raw: false, include_recon: false },
      { exportedAt },
    );
    expect(document).toEqual({ data: source.data, currencies: { total: 'EUR' } });
  });
});
