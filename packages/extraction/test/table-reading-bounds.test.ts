import { readFile } from 'node:fs/promises';
import { PRESETS, type TableDefinition } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import type { ExtractedValue, ReadDocument } from '../src/document.js';
import { extractBySchema, readDocument } from '../src/index.js';
import { cellsAt, doc, page } from './extract-helpers.js';

const ITEMS: TableDefinition = PRESETS.invoice.tables[0]!;

const itemsOf = (d: ReadDocument) =>
  extractBySchema(d, { fields: [], tables: [ITEMS] }).tables.line_items!.rows;

const valueOf = (v: ExtractedValue | undefined): unknown => v?.value ?? null;

const HEADER = cellsAt([
  [0, 'Description'],
  [30, 'Qty'],
  [38, 'Unit Price'],
  [52, 'Amount'],
]);

const item = (name: string, qty: number, price: number): string =>
  cellsAt([
    [0, name],
    [30, String(qty)],
    [38, price.toFixed(2)],
    [52, (qty * price).toFixed(2)],
  ]);

describe('line items of a table that goes on at the top of a later page', () => {
  it('reads every row of a table continued on the next page without its header', () => {
    const d = doc(
      page([HEADER, item('Part 1', 1, 2), item('Part 2', 2, 2)], { number: 1 }),
      page(
        [
          item('Part 3', 3, 2),
          item('Part 4', 4, 2),
          cellsAt([
            [38, 'Total'],
            [52, '20.00'],
          ]),
        ],
        { number: 2 },
      ),
    );
    const rows = itemsOf(d);
    expect(rows.map((r) => valueOf(r.description))).toEqual([
      'Part 1',
      'Part 2',
      'Part 3',
      'Part 4',
    ]);
    expect(rows.map((r) => valueOf(r.amount))).toEqual([2, 4, 6, 8]);
  });

  it('reads the rows below a page number opening the next page', () => {
    const d = doc(
      page([HEADER, item('Part 1', 1, 2)], { number: 1 }),
      page(['Page 2 of 2', item('Part 2', 2, 2), item('Part 3', 3, 2)], { number: 2 }),
    );
    expect(itemsOf(d).map((r) => valueOf(r.description))).toEqual(['Part 1', 'Part 2', 'Part 3']);
  });

  it('reads a table going on without its header over a hundred pages, every row once', () => {
    const pages = Array.from({ length: 100 }, (_, p) =>
      page(
        [
          ...(p === 0 ? [HEADER] : []),
          ...Array.from({ length: 4 }, (_, r) => item(`Part ${4 * p + r + 1}`, 1, 2)),
        ],
        { number: p + 1 },
      ),
    );
    const rows = itemsOf(doc(...pages));
    expect(rows).toHaveLength(400);
    expect(valueOf(rows[399]?.description)).toBe('Part 400');
  });

  it("leaves a note opening the next page out of the last item's description", () => {
    // the table stops at the page's footer; the next page opens with a note whose only figure, a
    // date, stands under the description: no item of the table
    const d = doc(
      page([HEADER, item('Part 1', 1, 2), item('Part 2', 2, 2), '', '', 'Acme Ltd, London'], {
        number: 1,
      }),
      page(['Delivered 12.05.2024', 'Thank you for your order'], { number: 2 }),
    );
    expect(itemsOf(d).map((r) => valueOf(r.description))).toEqual(['Part 1', 'Part 2']);
  });
});

/** Public sample e-invoices whose item table runs up to a page break (see fixtures/README.md). */
const SAMPLES = [
  'horstoeko-pdf_zf_en16931_2.pdf',
  'zfc-2p1-zugferd_2p1_BASIC_Taxifahrt.pdf',
  'zfc-2p1-zugferd_2p1_EXTENDED_Fremdwaehrung.pdf',
];

const read = async (name: string): Promise<ReadDocument> =>
  readDocument(await readFile(new URL(`./fixtures/${name}`, import.meta.url)), name);

/** Whether a figure is printed on the page, with a decimal point or a decimal comma. */
const printed = (text: string, figure: number): boolean =>
  [figure.toFixed(2), figure.toFixed(2).replace('.', ',')].some((f) => text.includes(f));

describe.each(SAMPLES)('invoice preset on %s', (name) => {
  it('reads the line items from the page and its XML', { timeout: 60_000 }, async () => {
    const d = await read(name);
    const rows = extractBySchema(d, PRESETS.invoice).tables.line_items!.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(valueOf(row.description)).toEqual(expect.stringMatching(/\p{L}{3}/u));
      const amount = valueOf(row.amount);
      expect(typeof amount).toBe('number');
      expect(printed(d.text, amount as number)).toBe(true);
    }
  });

  it('reads the line items from the page alone', { timeout: 60_000 }, async () => {
    // as for a print of the invoice without its XML
    const d = { ...(await read(name)), einvoice: undefined };
    const rows = itemsOf(d);
    expect(rows.length).toBeGreaterThan(0);
    const pageWords = new Set(d.text.split(/\s+/));
    for (const row of rows) {
      const words = String(valueOf(row.description)).split(' ');
      expect(words.filter((w) => pageWords.has(w))).toEqual(words);
      expect(valueOf(row.qty)).toBeGreaterThan(0);
    }
  });
});
