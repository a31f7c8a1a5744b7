import type { TableDefinition } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import type { Box, Page } from '../src/document.js';
import type { Tok } from '../src/extract/layout.js';
import { descriptionWords } from '../src/extract/tables/description-words.js';
import { inReadingOrder } from '../src/extract/tables/slant.js';
import { extractBySchema } from '../src/index.js';
import { doc, page } from './extract-helpers.js';

const ITEMS: TableDefinition = {
  key: 'line_items',
  label: 'Line items',
  columns: [
    { key: 'description', label: 'Description', type: 'string' },
    { key: 'qty', label: 'Qty', type: 'number' },
    { key: 'unit_price', label: 'Unit Price', type: 'currency' },
    { key: 'amount', label: 'Amount', type: 'currency' },
  ],
};

const rowsOf = (p: Page) =>
  extractBySchema(doc(p), { fields: [], tables: [ITEMS] }).tables.line_items!.rows.map((r) =>
    Object.values(r).map((c) => c.value),
  );

/** A page as a scan turned by `slope` (dy per dx) reads it: every box moved, words as printed. */
function turned(p: Page, slope: number): Page {
  const turn = (b: Box): Box => {
    const [x0, y0, x1, y1] = b;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const dx = -slope * cy;
    const dy = slope * cx;
    return [x0 + dx, y0 + dy, x1 + dx, y1 + dy];
  };
  const lines = p.lines.map((l) => {
    const words = l.words.map((w) => ({ ...w, box: turn(w.box) }));
    const ys = words.flatMap((w) => [w.box[1], w.box[3]]);
    const box: Box = [
      words[0]!.box[0],
      Math.min(...ys),
      words[words.length - 1]!.box[2],
      Math.max(...ys),
    ];
    return { ...l, words, box };
  });
  return { ...p, method: 'ocr', lines, words: lines.flatMap((l) => l.words) };
}

const tok = (text: string, box: Box, conf = 0.95): Tok => ({ text, norm: text, box, conf });

describe('line items on a scan', () => {
  it('places figures by where they stand at the header when a slanted scan moves the columns', () => {
    // quantities right-aligned in a narrow first column: 40 rows down a page turned by 2.3°,
    // they drift right past the middle of the gap to the descriptions
    const lines = ['Qty  Description                  Unit Price  Amount'];
    for (let i = 1; i <= 40; i++)
      lines.push(
        `  ${i % 9 || 9}  Printer paper pack ${i}         2.00        ${(2 * (i % 9 || 9)).toFixed(2)}`,
      );
    const rows = rowsOf(turned(page(lines, { confidence: 0.95, height: 1000 }), -0.04));
    expect(rows).toHaveLength(40);
    expect(rows.every((r, i) => r[1] === ((i + 1) % 9 || 9))).toBe(true);
    expect(rows[39]?.[0]).toBe('Printer paper pack 40');
  });

  it('reads a description whose second line the scan joined to its row line after line', () => {
    // "Tonercartridge zwart" over "Hoge capaciteit", both lines read into one row
    const words = [
      tok('Hoge', [172, 940, 229, 980]),
      tok('Tonercartridge', [172, 903, 336, 945]),
      tok('capaciteit', [234, 945, 354, 985]),
      tok('zwart', [347, 905, 414, 947]),
    ];
    expect(inReadingOrder(words, 0).map((w) => w.text)).toEqual([
      'Tonercartridge',
      'zwart',
      'Hoge',
      'capaciteit',
    ]);
    // words of one line keep their order
    expect(inReadingOrder(words.slice(1, 2).concat(words.slice(3)), 0)).toHaveLength(2);
  });

  it("leaves the page's footer under the last row out of it", () => {
    const rows = rowsOf(
      page(
        [
          'Description              Qty    Unit Price    Amount',
          'Consulting services       2        50.00      100.00',
          'Travel costs              1        40.00       40.00',
          ['Acme Consulting Ltd, 1 Mill Lane, London', 20, 100],
        ],
        { confidence: 0.95 },
      ),
    );
    expect(rows).toEqual([
      ['Consulting services', 2, 50, 100],
      ['Travel costs', 1, 40, 40],
    ]);
  });

  it('takes back the scan marks and digits read for letters in a description', () => {
    const words = [
      tok('L', [10, 0, 16, 12]),
      tok('Cadeira', [30, 0, 72, 12]),
      tok('ergon6mica', [78, 0, 138, 12]),
      tok('"', [140, 0, 146, 12]),
      tok('600x600', [150, 0, 192, 12]),
    ];
    expect(descriptionWords(words).map((w) => w.text)).toEqual([
      'Cadeira',
      'ergonomica',
      '600x600',
    ]);
    // a text layer states its letters: nothing is taken back
    const printed = words.map((w) => ({ ...w, conf: 1 }));
    expect(descriptionWords(printed)).toEqual(printed);
  });
});

describe('line items checked by their arithmetic', () => {
  const table = (amount: string, subtotal: string) =>
    page(
      [
        'Description              Qty    Unit Price    Amount',
        'Consulting services       2        50.00      100.00',
        'Travel costs              3        40.00      120.00',
        `Printer paper            12         4.25      ${amount}`,
        `                           Subtotal          ${subtotal}`,
      ],
      { confidence: 0.95 },
    );

  it('repairs an amount whose digits the scan lost when the amounts then add up to the subtotal', () => {
    expect(rowsOf(table('5.1', '271.00'))[2]).toEqual(['Printer paper', 12, 4.25, 51]);
  });

  it('keeps an amount the document misprinted: the subtotal adds up the printed amounts', () => {
    expect(rowsOf(table('5.10', '225.10'))[2]).toEqual(['Printer paper', 12, 4.25, 5.1]);
  });

  it('fills a quantity the scan did not read from the amount and the price', () => {
    const rows = rowsOf(
      page(
        [
          'Description              Qty    Unit Price    Amount',
          'Consulting services       2        50.00      100.00',
          'Travel costs              3        40.00      120.00',
          'Delivery charge                    15.00       15.00',
        ],
        { confidence: 0.95 },
      ),
    );
    expect(rows[2]).toEqual(['Delivery charge', 1, 15, 15]);
  });
});
