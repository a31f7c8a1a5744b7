import type { ReviewedData, ReviewSchema } from '@parser/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { exportXlsx } from './export-xlsx.js';

const schema: ReviewSchema = {
  fields: [
    { key: 'vendor', label: 'Vendor Name', type: 'string', required: false },
    { key: 'issued', label: 'Issued', type: 'date', required: false },
    { key: 'total', label: 'Total', type: 'currency', required: false },
    { key: 'pages', label: 'Pages', type: 'number', required: false },
    { key: 'paid', label: 'Paid', type: 'boolean', required: false },
  ],
  tables: [
    {
      key: 'items',
      label: 'Line Items: 2024/Q1',
      columns: [
        { key: 'name', label: 'Name', type: 'string' },
        { key: 'amount', label: 'Amount', type: 'currency' },
        { key: 'on', label: 'Delivered on', type: 'date' },
      ],
    },
  ],
};

const data: ReviewedData = {
  fields: {
    vendor: 'Müller & Söhne, "GmbH"',
    issued: '2024-02-29',
    total: 1999.9,
    pages: 3,
    paid: true,
  },
  tables: {
    items: [
      {
        name: 'A very long product description that should widen its column',
        amount: 12,
        on: null,
      },
      { name: 'Tea', amount: 0.5, on: '2024-01-02' },
    ],
  },
};

async function load(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

describe('exportXlsx', () => {
  it('writes a Fields sheet of labels and typed values', async () => {
    const workbook = await load(await exportXlsx(schema, data));
    const sheet = workbook.getWorksheet('Fields')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Vendor Name',
      'Issued',
      'Total',
      'Pages',
      'Paid',
    ]);
    const values = sheet.getRow(2);
    expect(values.getCell(1).value).toBe('Müller & Söhne, "GmbH"');
    expect(values.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    expect(values.getCell(2).value).toEqual(new Date(Date.UTC(2024, 1, 29)));
    expect(values.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(values.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(values.getCell(3).value).toBe(1999.9);
    expect(values.getCell(3).numFmt).toBe('#,##0.00');
    expect(values.getCell(4).value).toBe(3);
    expect(values.getCell(5).type).toBe(ExcelJS.ValueType.Boolean);
  });

  it('writes one sheet per table with a valid name, one row per line item', async () => {
    const workbook = await load(await exportXlsx(schema, data));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Fields',
      'Line Items  2024 Q1',
    ]);
    const sheet = workbook.worksheets[1]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(2).value).toBe(12);
    expect(sheet.getRow(2).getCell(3).value).toBeNull();
    expect(sheet.getRow(3).getCell(3).value).toEqual(new Date(Date.UTC(2024, 0, 2)));
  });

  it('styles and freezes the header row and fits column widths to the content', async () => {
    const workbook = await load(await exportXlsx(schema, data));
    for (const sheet of workbook.worksheets) {
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.getRow(1).getCell(1).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    }
    const items = workbook.worksheets[1]!;
    expect(items.getColumn(1).width).toBeGreaterThan(50);
    expect(items.getColumn(2).width).toBeLessThan(15);
  });

  it('keeps table sheet names unique and clear of the reserved names', async () => {
    const clash: ReviewSchema = {
      fields: [],
      tables: ['Fields', 'History', 'fields'].map((label, index) => ({
        key: `t${index}`,
        label,
        columns: [{ key: 'c', label: 'C', type: 'string' }],
      })),
    };
    const workbook = await load(await exportXlsx(clash, { fields: {}, tables: {} }));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Fields',
      'Fields (2)',
      'History (2)',
      'fields (3)',
    ]);
  });
});
