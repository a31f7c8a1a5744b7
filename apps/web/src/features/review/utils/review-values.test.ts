import { describe, expect, it } from 'vitest';

import { flowFixtures as f } from '@/features/pipelines/test/fixtures';

import { buildReviewedData, initialFormValues, parseValue } from './review-values';

describe('parseValue', () => {
  it.each([
    ['12', 'number', 12],
    ['-3.5', 'number', -3.5],
    ['1,234', 'number', 1234],
    ['$1,234.50', 'currency', 1234.5],
    ['99.90 €', 'currency', 99.9],
    ['2024-02-29', 'date', '2024-02-29'],
    ['Yes', 'boolean', true],
    ['false', 'boolean', false],
    ['  ', 'number', null],
    ['', 'string', null],
    [' keep spaces ', 'string', ' keep spaces '],
  ] as const)('reads %j as a %s: %j', (text, type, value) => {
    expect(parseValue(text, type)).toEqual({ ok: true, value });
  });

  it.each([
    ['12 apples', 'number'],
    ['1,23', 'currency'],
    ['2023-02-29', 'date'],
    ['07/03/2025', 'date'],
    ['maybe', 'boolean'],
  ] as const)('refuses %j as a %s', (text, type) => {
    expect(parseValue(text, type).ok).toBe(false);
  });
});

describe('initialFormValues', () => {
  it('keeps extracted row links only for saved rows that still look like them', () => {
    const record = f.review({
      reviewed_data: {
        fields: {},
        tables: {
          line_items: [
            { description: 'Added by hand', qty: 1, amount: 5 },
            { description: 'Widget', qty: 2, amount: 120.5 },
          ],
        },
      },
    });
    const rows = initialFormValues(record).tables.line_items!;
    // Row 1 of the saved review is not extracted row 1, so it gets no confidence or source.
    expect(rows.map((row) => row.extractedIndex)).toEqual([null, null]);

    const same = f.review({
      reviewed_data: {
        fields: {},
        tables: { line_items: [{ description: 'Widget', qty: 3, amount: 120.5 }] },
      },
    });
    expect(initialFormValues(same).tables.line_items![0]!.extractedIndex).toBe(0);
  });

  it('round-trips the extracted values to the same typed data', () => {
    const record = f.review();
    const built = buildReviewedData(record.schema, initialFormValues(record));
    expect(built).toEqual({
      ok: true,
      data: {
        fields: { invoice_number: 'INV-001', invoice_date: '2025-03-07', total: 120.5, paid: null },
        tables: { line_items: [{ description: 'Widget', qty: 2, amount: 120.5 }] },
      },
    });
  });
});
