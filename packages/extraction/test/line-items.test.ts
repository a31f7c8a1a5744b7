import type { TableDefinition } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { extractBySchema, readDocument } from '../src/index.js';
import { cellsAt, doc, page } from './extract-helpers.js';
import { laidOutPdf, rowsAt, type Placed } from './fixtures/laid-out-pdf.js';

const ITEMS: TableDefinition = {
  key: 'line_items',
  label: 'Line items',
  columns: [
    { key: 'description', label: 'Description', type: 'string' },
    { key: 'quantity', label: 'Qty', type: 'number' },
    { key: 'unit_price', label: 'Unit Price', type: 'currency' },
    { key: 'amount', label: 'Amount', type: 'currency' },
  ],
};

const values = (rows: Record<string, { value: unknown }>[]) =>
  rows.map((r) => Object.values(r).map((c) => c.value));

const X = [40, 300, 380, 480];

describe('line items', () => {
  it('joins a description printed on two lines and leaves the totals rows out', async () => {
    const items: Placed[] = [
      ...rowsAt([['Description', 'Qty', 'Unit Price', 'Amount']], X, 150),
      ...rowsAt(
        [
          ['Website hosting', '12', '10.00', '120.00'],
          ['(annual plan, billed monthly)'],
          ['Domain renewal', '1', '15.00', '15.00'],
          ['', 'Subtotal', '', '135.00'],
          ['', 'Total', '', '135.00'],
        ],
        X,
        170,
      ),
    ];
    const d = await readDocument(await laidOutPdf([items]), 'i.pdf');
    const rows = extractBySchema(d, { fields: [], tables: [ITEMS] }).tables.line_items!.rows;
    expect(values(rows)).toEqual([
      ['Website hosting (annual plan, billed monthly)', 12, 10, 120],
      ['Domain renewal', 1, 15, 15],
    ]);
  });

  it('goes on after a page break below the header printed again', async () => {
    const first: Placed[] = [
      ...rowsAt([['Description', 'Qty', 'Unit Price', 'Amount']], X, 150),
      ...rowsAt(
        Array.from({ length: 3 }, (_, i) => [`Part ${i + 1}`, '1', '2.00', '2.00']),
        X,
        170,
      ),
      { text: 'Page 1 of 2', x: 260, y: 790 },
    ];
    const second: Placed[] = [
      ...rowsAt([['Description', 'Qty', 'Unit Price', 'Amount']], X, 60),
      ...rowsAt(
        [
          ['Part 4', '2', '2.00', '4.00'],
          ['', 'Total', '', '10.00'],
        ],
        X,
        80,
      ),
    ];
    const d = await readDocument(await laidOutPdf([first, second]), 'i.pdf');
    const rows = extractBySchema(d, { fields: [], tables: [ITEMS] }).tables.line_items!.rows;
    expect(rows.map((r) => r.description?.value)).toEqual(['Part 1', 'Part 2', 'Part 3', 'Part 4']);
    expect(rows[3]?.amount?.value).toBe(4);
  });

  it("reads a receipt's item lines without a header: name, quantity, price and amount", () => {
    const d = doc(
      page([
        'KEDAI RUNCIT MAJU',
        'TAX INVOICE',
        'Date: 25/12/2018 13:39',
        'MILO 1KG            2 x 18.50    37.00',
        'ROTI GARDENIA                     3.20',
        'SUGAR 2KG',
        '                   1 x 5.60       5.60',
        'TOTAL                            45.80',
        'CASH                             50.00',
        'CHANGE                            4.20',
      ]),
    );
    const rows = extractBySchema(d, { fields: [], tables: [ITEMS] }).tables.line_items!.rows;
    expect(values(rows)).toEqual([
      ['MILO 1KG', 2, 18.5, 37],
      // no quantity printed: one of the item
      ['ROTI GARDENIA', 1, 3.2, 3.2],
      ['SUGAR 2KG', 1, 5.6, 5.6],
    ]);
  });

  it('keeps an item name across the article code printed between it and its figures', () => {
    const d = doc(
      page([
        'HARDWARE MART SDN BHD',
        '-TAX INVOICE-',
        'TOILET BRUSH 47-2311    *S',
        'HD03-04-06-5/40/160',
        '9067860    1X 2.70    2.70',
        'CURTAIN STRAPS    *S',
        'CK11-22-31-10/400',
        '8720019    2X 2.50    5.00',
        'Item(s): 2   Qty(s): 3',
        'TOTAL INCL. GST@6%    RM 7.70',
        'CASH    RM 10.00',
      ]),
    );
    const rows = extractBySchema(d, { fields: [], tables: [ITEMS] }).tables.line_items!.rows;
    expect(values(rows)).toEqual([
      ['TOILET BRUSH 47-2311 *S', 1, 2.7, 2.7],
      ['CURTAIN STRAPS *S', 2, 2.5, 5],
    ]);
  });

  it('keeps a figure grouped in thousands by a space whole where its group stands nearer the quantity', () => {
    // a line of cells, each starting at its column (six units a character)
    const d = doc(
      page([
        'INVOICE',
        cellsAt([
          [0, 'Description'],
          [28, 'Qty'],
          [36, 'Unit Price'],
          [52, 'Amount'],
        ]),
        cellsAt([
          [0, 'Maintenance contract'],
          [28, '1'],
          [32, '1 306.90'],
          [52, '1 306.90'],
        ]),
        cellsAt([
          [0, 'Site visit'],
          [28, '2'],
          [36, '150.00'],
          [52, '300.00'],
        ]),
        cellsAt([
          [40, 'Total'],
          [52, '1 606.90'],
        ]),
      ]),
    );
    const rows = extractBySchema(d, { fields: [], tables: [ITEMS] }).tables.line_items!.rows;
    expect(values(rows)).toEqual([
      ['Maintenance contract', 1, 1306.9, 1306.9],
      ['Site visit', 2, 150, 300],
    ]);
  });

  it('reads a header whose capital I a scan read as an l ("ltem")', () => {
    const scan = page([
      'INVOICE',
      'ltem                          Qty    Unit Price    Line Total',
      'Office chair, mesh back       11       365.29       4,018.19',
      'On-site installation          20        76.00       1,520.00',
      '                              Subtotal              5,538.19',
    ]);
    const rows = extractBySchema(doc({ ...scan, method: 'ocr' }), { fields: [], tables: [ITEMS] })
      .tables.line_items!.rows;
    expect(values(rows)).toEqual([
      ['Office chair, mesh back', 11, 365.29, 4018.19],
      ['On-site installation', 20, 76, 1520],
    ]);
  });
});
