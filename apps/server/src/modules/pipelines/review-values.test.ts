import type { ReviewSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import {
  diffReviewedData,
  normaliseReviewedData,
  reviewedDataFromExtraction,
} from './review-values.js';

const schema: ReviewSchema = {
  fields: [
    { key: 'invoice_number', label: 'Invoice Number', type: 'string', required: true },
    { key: 'invoice_date', label: 'Invoice Date', type: 'date', required: false },
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
      ],
    },
  ],
};

const cell = (value: string | number | null) => ({ value, confidence: 0.9, source: null });

describe('reviewedDataFromExtraction', () => {
  it("starts from the engine's values in the type's shape, empty where nothing was found", () => {
    const data = reviewedDataFromExtraction(schema, {
      fields: { invoice_number: cell('INV-7'), total: cell(120.5), stray: cell('x') },
      tables: { line_items: { rows: [{ description: cell('Paper'), qty: cell(2) }] } },
    });
    expect(data).toEqual({
      fields: { invoice_number: 'INV-7', invoice_date: null, total: 120.5, paid: null },
      tables: { line_items: [{ description: 'Paper', qty: 2 }] },
    });
  });

  it('gives empty values and tables before extraction has run', () => {
    expect(reviewedDataFromExtraction(schema, null)).toEqual({
      fields: { invoice_number: null, invoice_date: null, total: null, paid: null },
      tables: { line_items: [] },
    });
  });
});

describe('normaliseReviewedData', () => {
  it('types values: numeric text becomes a number, blanks become null, booleans from text', () => {
    const { data, errors } = normaliseReviewedData(schema, {
      fields: { invoice_number: 'INV-7', invoice_date: '', total: '99.90', paid: 'true' },
      tables: { line_items: [{ description: 'Toner', qty: '3' }] },
    });
    expect(errors).toEqual([]);
    expect(data).toEqual({
      fields: { invoice_number: 'INV-7', invoice_date: null, total: 99.9, paid: true },
      tables: { line_items: [{ description: 'Toner', qty: 3 }] },
    });
  });

  it('names every value that does not fit its type and every unknown key', () => {
    const { errors } = normaliseReviewedData(schema, {
      fields: { total: '12,50 EUR', invoice_date: '2024-02-30', nonsense: 1 },
      tables: { line_items: [{ qty: 'two', colour: 'red' }], extra: [] },
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        'Unknown field: nonsense',
        'Total must be a number',
        'Invoice Date must be a date written as YYYY-MM-DD',
        'Unknown table: extra',
        'Unknown column colour in Line Items',
        'Line Items row 1 Qty must be a number',
      ]),
    );
  });

  it('lists required fields left empty', () => {
    const { missingRequired } = normaliseReviewedData(schema, {
      fields: { invoice_number: '', total: null },
      tables: {},
    });
    expect(missingRequired).toEqual(['Invoice Number', 'Total']);
  });
});

describe('diffReviewedData', () => {
  it('reports changed fields and cells with old and new values, including added rows', () => {
    const edits = diffReviewedData(
      {
        fields: { invoice_number: 'INV-1', total: 10 },
        tables: { line_items: [{ description: 'Paper', qty: 1 }] },
      },
      {
        fields: { invoice_number: 'INV-7', total: 10 },
        tables: {
          line_items: [
            { description: 'Paper', qty: 2 },
            { description: 'Ink', qty: 1 },
          ],
        },
      },
    );
    expect(edits).toEqual([
      { field: 'invoice_number', old: 'INV-1', new: 'INV-7' },
      { table: 'line_items', row: 0, column: 'qty', old: 1, new: 2 },
      { table: 'line_items', row: 1, column: 'description', old: null, new: 'Ink' },
      { table: 'line_items', row: 1, column: 'qty', old: null, new: 1 },
    ]);
  });
});
