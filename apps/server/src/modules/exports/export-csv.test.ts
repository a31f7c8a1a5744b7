import type { ReviewedData, ReviewSchema } from '@parser/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

import { exportCsv } from './export-csv.js';

const schema: ReviewSchema = {
  fields: [
    { key: 'invoice_number', label: 'Invoice Number', type: 'string', required: true },
    { key: 'invoice_date', label: 'Invoice Date', type: 'date', required: false },
    { key: 'total', label: 'Total', type: 'currency', required: false },
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

const data: ReviewedData = {
  fields: {
    invoice_number: 'INV-7, "rush"',
    invoice_date: '2024-03-05',
    total: 1234.5,
    paid: false,
  },
  tables: {
    line_items: [
      { description: 'Größe XL\nzweite Zeile', qty: 2 },
      { description: 'Café crème', qty: 0.5 },
    ],
  },
};

const rowsOf = (csv: string) => parse(csv, { bom: true });

describe('exportCsv', () => {
  it('starts with a byte order mark and ends every record with CRLF', () => {
    const csv = exportCsv(schema, data);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    // The only bare LF is the one inside the quoted description.
    expect(csv.replaceAll('\r\n', '').split('\n')).toHaveLength(2);
  });

  it('names the field keys, then table_key.column_key, and repeats the header fields per line item', () => {
    const rows = rowsOf(exportCsv(schema, data));
    expect(rows[0]).toEqual([
      'invoice_number',
      'invoice_date',
      'total',
      'paid',
      'line_items.description',
      'line_items.qty',
    ]);
    expect(rows.slice(1)).toEqual([
      ['INV-7, "rush"', '2024-03-05', '1234.5', 'false', 'Größe XL\nzweite Zeile', '2'],
      ['INV-7, "rush"', '2024-03-05', '1234.5', 'false', 'Café crème', '0.5'],
    ]);
  });

  it('quotes fields with commas, quotes or line breaks and doubles their quotes', () => {
    const csv = exportCsv(schema, data);
    expect(csv).toContain('"INV-7, ""rush"""');
    expect(csv).toContain('"Größe XL\nzweite Zeile"');
    expect(csv).toContain(',Café crème,');
  });

  it('writes one row for a document without line items, table columns empty', () => {
    const rows = rowsOf(
      exportCsv(schema, { fields: { ...data.fields, paid: null }, tables: { line_items: [] } }),
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(['INV-7, "rush"', '2024-03-05', '1234.5', '', '', '']);
  });

  it("puts each table's rows after the previous table's, leaving the other table's columns empty", () => {
    const twoTables: ReviewSchema = {
      fields: [{ key: 'ref', label: 'Ref', type: 'string', required: false }],
      tables: [
        { key: 'a', label: 'A', columns: [{ key: 'x', label: 'X', type: 'number' }] },
        { key: 'b', label: 'B', columns: [{ key: 'y', label: 'Y', type: 'string' }] },
      ],
    };
    const rows = rowsOf(
      exportCsv(twoTables, { fields: { ref: 'R1' }, tables: { a: [{ x: 1 }], b: [{ y: 'n' }] } }),
    );
    expect(rows).toEqual([
      ['ref', 'a.x', 'b.y'],
      ['R1', '1', ''],
      ['R1', '', 'n'],
    ]);
  });

  it('keeps text that a spreadsheet would run as a formula from being one', () => {
    const rows = rowsOf(
      exportCsv(schema, {
        fields: { invoice_number: '=HYPERLINK("http://x")', total: -5 },
        tables: { line_items: [] },
      }),
    );
    expect(rows[1]![0]).toBe(`'=HYPERLINK("http://x")`);
    // A negative amount is a number, not text: it stays as it is.
    expect(rows[1]![2]).toBe('-5');
  });
});
