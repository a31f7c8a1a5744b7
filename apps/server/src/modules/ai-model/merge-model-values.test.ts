import type { Line, ReadDocument, Word } from '@parser/extraction';
import { describe, expect, it } from 'vitest';

import type { PipelineDocType } from '../pipelines/pipeline-ports.js';

import { mergeModelValues } from './merge-model-values.js';

/** A one-page document: each line's words 10 units apart, lines 20 units apart. */
function documentOf(lines: string[]): ReadDocument {
  const built: Line[] = lines.map((text, row) => {
    let x = 0;
    const words: Word[] = text.split(' ').map((word) => {
      const box: Word['box'] = [x, row * 20, x + word.length * 6, row * 20 + 12];
      x = box[2] + 10;
      return { text: word, box, confidence: 1 };
    });
    return { words, text, box: [0, row * 20, x, row * 20 + 12] };
  });
  return {
    format: 'pdf',
    text: lines.join('\n'),
    pages: [
      {
        number: 1,
        width: 600,
        height: 800,
        method: 'text_layer',
        words: built.flatMap((line) => line.words),
        lines: built,
        blocks: [{ lines: built, box: [0, 0, 600, 800] }],
      },
    ],
  };
}

const docType: PipelineDocType = {
  id: 'type-1',
  name: 'Invoices',
  fields: [
    { key: 'number', label: 'Invoice Number', type: 'string', required: true },
    { key: 'date', label: 'Invoice Date', type: 'date', required: false },
    { key: 'total', label: 'Total', type: 'currency', required: false },
    { key: 'vendor', label: 'Vendor', type: 'string', required: false },
  ],
  tables: [
    {
      key: 'items',
      label: 'Items',
      columns: [
        { key: 'description', label: 'Description', type: 'string' },
        { key: 'amount', label: 'Amount', type: 'currency' },
      ],
    },
  ],
  extractionInstructions: '',
  agentsEnabled: { extract: true, data_entry: false, recon: false },
};

const doc = documentOf([
  'Acme Tools Ltd',
  'Invoice Number: A-17',
  'Date: 05.02.2024',
  'Hammer 12.00',
  'Total: 1.234,50 EUR',
]);

const empty = { value: null, confidence: 0, source: null };

describe('mergeModelValues', () => {
  it('raises agreement, takes printed model values with their box, and reports invalid ones', () => {
    const offline = {
      fields: {
        number: { value: 'A-17', confidence: 0.6, source: { page: 1, box: [0, 20, 50, 32] } },
        date: empty,
        total: { value: 1234.5, confidence: 0.7, source: null, currency: 'EUR' },
        vendor: empty,
      },
      tables: { items: { rows: [] } },
    } as const;
    const { merged, rejected } = mergeModelValues(
      docType,
      structuredClone(offline) as never,
      {
        fields: { number: 'A-17', date: '2024-02-05', total: 1234.5, vendor: 'Acme Tools Ltd' },
        tables: { items: [{ description: 'Hammer', amount: 12 }] },
      },
      doc,
    );
    expect(merged.fields.number).toMatchObject({ value: 'A-17', model: 'agreed', confidence: 0.8 });
    expect(merged.fields.total).toMatchObject({
      model: 'agreed',
      currency: 'EUR',
      confidence: 0.85,
    });
    // Printed as 05.02.2024 on the third line: found there.
    expect(merged.fields.date).toMatchObject({
      value: '2024-02-05',
      model: 'alone',
      confidence: 0.8,
    });
    expect(merged.fields.date!.source).toEqual({ page: 1, box: [40, 40, 100, 52] });
    expect(merged.fields.vendor!.source?.box).toEqual([0, 0, 92, 12]);
    expect(merged.tables.items!.rows).toEqual([
      {
        description: expect.objectContaining({ value: 'Hammer', model: 'alone' }) as unknown,
        amount: expect.objectContaining({ value: 12, model: 'alone' }) as unknown,
      },
    ]);
    expect(rejected).toEqual([]);
  });

  it('keeps the engine where the model value is invalid, unprinted or an e-invoice value', () => {
    const offline = {
      fields: {
        number: { value: 'A-17', confidence: 0.9, source: null },
        date: { value: '2024-02-05', confidence: 0.9, source: null },
        total: {
          value: 1234.5,
          confidence: 1,
          source: null,
          origin: { kind: 'einvoice', xpath: '/Invoice/Total' },
        },
        vendor: empty,
      },
      tables: { items: { rows: [] } },
    };
    const { merged, rejected } = mergeModelValues(
      docType,
      offline as never,
      {
        fields: { number: 'B-99', date: '2024-02-30', total: 999, vendor: 'Globex' },
        tables: { items: [{ description: 'Hammer', amount: 'twelve' }] },
      },
      doc,
    );
    // Not printed: the engine's value stays, less sure now that the engines disagree.
    expect(merged.fields.number).toEqual({ value: 'A-17', confidence: 0.63, source: null });
    expect(merged.fields.date).toEqual(offline.fields.date);
    expect(merged.fields.total).toEqual(offline.fields.total);
    // Nothing from the engine: the model's unprinted value is kept, doubtful.
    expect(merged.fields.vendor).toEqual({
      value: 'Globex',
      confidence: 0.45,
      source: null,
      model: 'alone',
    });
    expect(merged.tables.items!.rows[0]!.amount).toEqual(empty);
    expect(rejected).toEqual([
      { place: 'Invoice Date', value: '2024-02-30', reason: 'is not a real calendar date' },
      { place: 'Items row 1 Amount', value: 'twelve', reason: 'is not a number' },
    ]);
  });

  it('replaces a value the engine read only where the page supports the model’s better', () => {
    const page = documentOf([
      'Order ref A-18',
      'Invoice Number: A-17',
      'Net 1.000,00',
      'Total: 1.234,50 EUR',
    ]);
    const offline = {
      fields: {
        // Read from the order line: printed, but not where the page names the field.
        number: { value: 'A-18', confidence: 0.7, source: null },
        date: empty,
        total: { value: 1234.5, confidence: 0.9, source: null, currency: 'EUR' },
        vendor: empty,
      },
      tables: { items: { rows: [] } },
    };
    const { merged, notes } = mergeModelValues(
      docType,
      offline,
      // The net amount is printed too, but the total's label stands before the engine's value.
      { fields: { number: 'A 17', total: 1000 }, tables: {} },
      page,
    );
    expect(merged.fields.number).toEqual({
      value: 'A 17',
      confidence: 0.8,
      source: { page: 1, box: [104, 20, 128, 32] },
      model: 'alone',
    });
    expect(merged.fields.total).toMatchObject({ value: 1234.5, currency: 'EUR' });
    expect(merged.fields.total!.confidence).toBeLessThan(0.9);
    expect(merged.fields.total!.model).toBeUndefined();
    expect(notes).toEqual([
      { kind: 'kept', place: 'Total', proposed: 1000, printed: true, kept: 1234.5 },
    ]);
  });

  it('adds a model row only when the page prints it, and notes the one it does not', () => {
    const page = documentOf(['Hammer 12.00', 'Nails 3.50', 'Total: 15.50']);
    const hammer = {
      description: { value: 'Hammer', confidence: 0.9, source: null },
      amount: { value: 12, confidence: 0.9, source: null },
    };
    const { merged, notes } = mergeModelValues(
      docType,
      { fields: {}, tables: { items: { rows: [hammer] } } },
      {
        fields: { vendor: 'Globex' },
        tables: {
          items: [
            { description: 'Hammer', amount: 12 },
            { description: 'Premium support plan', amount: 4999 },
            { description: 'Nails', amount: 3.5 },
          ],
        },
      },
      page,
    );
    const rows = merged.tables.items!.rows;
    expect(rows.map((row) => [row.description!.value, row.amount!.value])).toEqual([
      ['Hammer', 12],
      ['Nails', 3.5],
    ]);
    expect(rows[1]!.amount).toMatchObject({ confidence: 0.8, model: 'alone' });
    expect(rows[1]!.amount!.source?.page).toBe(1);
    expect(merged.fields.vendor).toMatchObject({ value: 'Globex', confidence: 0.45 });
    expect(notes).toEqual([
      { kind: 'unprinted', place: 'Vendor', proposed: 'Globex', confidence: 0.45 },
      { kind: 'row_left_out', place: 'Items', row: ['Premium support plan', 4999] },
    ]);
  });

  it('raises an agreed value only where the page prints it', () => {
    const { merged } = mergeModelValues(
      docType,
      {
        fields: {
          number: { value: 'A-17', confidence: 0.5, source: null },
          vendor: { value: 'Globex', confidence: 0.5, source: null },
        },
        tables: {},
      },
      { fields: { number: 'a 17', vendor: 'GLOBEX' }, tables: {} },
      doc,
    );
    expect(merged.fields.number).toMatchObject({ value: 'A-17', confidence: 0.8, model: 'agreed' });
    expect(merged.fields.vendor).toMatchObject({
      value: 'Globex',
      confidence: 0.5,
      model: 'agreed',
    });
  });
});
