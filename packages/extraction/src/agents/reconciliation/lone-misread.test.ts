import { describe, expect, it } from 'vitest';

import type { Word } from '../../document.js';
import {
  CONSISTENT_FIELDS,
  CONSISTENT_LINES,
  CONSISTENT_PRINTED,
  invoiceDocument,
  RECEIPT_FIELDS,
  RECEIPT_TABLES,
  SETTINGS,
  values,
} from '../../../test/agent-documents.js';
import { figureReadingOf, misreadingOf } from '../figure-readings.js';
import type { AgentDocument } from '../types.js';
import { cellAt } from '../value-refs.js';

import { runReconciliation } from './index.js';
import { totalConfirmationOf } from './total-confirmation.js';

/**
 * The document as a reader gives it: every figure on a row of its own page, each value's source
 * box around its word, read at `sure` unless `unsure` names the value (field key, or
 * "table:row:column") with its confidence.
 */
function read(
  doc: AgentDocument,
  unsure: Record<string, number> = {},
  method: 'ocr' | 'text_layer' = 'ocr',
  sure = 0.99,
): AgentDocument {
  const words: Word[] = [];
  const place = (key: string, cell: { value: unknown; source: unknown } | undefined) => {
    if (!cell || typeof cell.value !== 'number') return;
    const y = words.length * 20;
    const box: [number, number, number, number] = [300, y, 360, y + 12];
    cell.source = { page: 1, box };
    words.push({ text: cell.value.toFixed(2), box, confidence: unsure[key] ?? sure });
  };
  const copy = structuredClone(doc.values);
  for (const [key, cell] of Object.entries(copy.fields)) place(key, cell);
  for (const [table, { rows }] of Object.entries(copy.tables)) {
    rows.forEach((row, index) => {
      for (const [column, cell] of Object.entries(row)) place(`${table}:${index}:${column}`, cell);
    });
  }
  return {
    ...doc,
    values: copy,
    pages: [{ number: 1, method, words }],
  };
}

/** The invoice with its subtotal read as `subtotal`, the page printing what the reader saw. */
const withSubtotal = (subtotal: number) =>
  invoiceDocument(values({ ...CONSISTENT_FIELDS, subtotal }, CONSISTENT_LINES), {
    text: CONSISTENT_PRINTED.replace('Subtotal 205.49', `Subtotal ${subtotal.toFixed(2)}`),
  });

const sums = (doc: AgentDocument, status: 'warn' | 'fail') =>
  runReconciliation(doc, [], SETTINGS).checks.filter(
    (c) => c.kind === 'arithmetic' && c.status === status,
  );

describe('what confirms a total apart from the sums', () => {
  it('takes cash less the change after it, or a card payment, as what was paid', () => {
    const cash = 'Total 12.40\nCash 20.00\nChange 7.60';
    expect(totalConfirmationOf(cash, 12.4)).toBe(
      'the payment (20.00 paid less 7.60 change) comes to it',
    );
    expect(totalConfirmationOf(cash, 17.4)).toBeNull();
    expect(totalConfirmationOf('Total 12.40\nVisa 12.40', 12.4)).toBe(
      'the payment (12.40 paid by card) comes to it',
    );
  });

  it('pays a total rounded for cash to the rounded figure', () => {
    const text = 'Total 25.48\nRounding 0.02\nCash 30.00\nChange 4.50';
    expect(totalConfirmationOf(text, 25.48)).not.toBeNull();
  });

  it('does not take the amount due for a payment', () => {
    const text = 'Amount To Be Paid: 8.55\nCash Received: 10.00\nChange: 1.45';
    expect(totalConfirmationOf(text, 8.55)).toBe(
      'the payment (10.00 paid less 1.45 change) comes to it',
    );
  });

  it('takes two rows labelled as a total that print the figure', () => {
    const text = 'Total Sales Incl GST 64.30\nTotal 64.30';
    expect(totalConfirmationOf('Total 64.30', 64.3)).toBeNull();
    expect(totalConfirmationOf(text, 64.3)).toBe('2 total rows print it');
    expect(totalConfirmationOf(`Net Total 64.30\n${text}`, 64.3)).toBe('3 total rows print it');
  });
});

describe('whether a figure may have been misread', () => {
  const ocr = { ocr: true, confidence: 0.99, alternatives: [] };

  it('never doubts a digital page: its text is what the document prints', () => {
    expect(
      misreadingOf({ ocr: false, confidence: 1, alternatives: [] }, 412.6, 12412.6),
    ).toBeNull();
  });

  it('doubts digits lost or a decimal mark lost, however clearly read', () => {
    expect(misreadingOf(ocr, 412.6, 12412.6)).toContain('digits or its decimal mark lost');
    expect(misreadingOf(ocr, 1538, 15.38)).toContain('digits or its decimal mark lost');
  });

  it('doubts one digit only when the word was read unsurely', () => {
    expect(misreadingOf({ ...ocr, confidence: 0.91 }, 203.49, 205.49)).toContain(
      'one digit from 205.49, and it was read unsurely (91%)',
    );
    expect(misreadingOf(ocr, 203.49, 205.49)).toBeNull();
  });

  it('takes an amount changed by more than a glyph as printed, however unsure', () => {
    expect(misreadingOf({ ...ocr, confidence: 0.9 }, 217.49, 205.49)).toBeNull();
  });

  it('doubts a figure a second reading gives otherwise', () => {
    expect(misreadingOf({ ...ocr, alternatives: [246.59] }, 248.59, 246.59)).toBe(
      'a second reading of it gives 246.59',
    );
  });

  it('reads the least sure word inside the value box, and second readings of it', () => {
    const doc = read(withSubtotal(203.49), { subtotal: 0.87 });
    const subtotalWord = doc.pages![0]!.words.find((w) => w.text === '203.49')!;
    subtotalWord.alternatives = [{ text: '205.49', confidence: 0.6 }];
    expect(figureReadingOf(doc, { field: 'subtotal' })).toEqual({
      ocr: true,
      confidence: 0.87,
      alternatives: [205.49],
    });
    expect(figureReadingOf(withSubtotal(203.49), { field: 'subtotal' })).toBeNull();
  });
});

describe('reconciliation: the one figure the sums disagree with', () => {
  it('warns, naming the subtotal, when it is one digit off and read unsurely', () => {
    const doc = read(withSubtotal(203.49), { subtotal: 0.91 });
    expect(sums(doc, 'fail')).toEqual([]);
    const warned = sums(doc, 'warn');
    expect(warned.map((c) => c.suspect)).toContainEqual({ field: 'subtotal', expected: 205.49 });
    expect(warned[0]?.message).toContain(
      'Subtotal reads 203.49, the one figure the sums disagree with (every other figure is confirmed by the sums that hold)',
    );
  });

  it('fails the same subtotal read clearly, or on a digital page: the page prints it so', () => {
    const clear = read(withSubtotal(203.49));
    expect(sums(clear, 'warn')).toEqual([]);
    expect(sums(clear, 'fail').map((c) => c.suspect)).toContainEqual({
      field: 'subtotal',
      expected: 205.49,
    });
    const digital = read(withSubtotal(203.49), { subtotal: 0.91 }, 'text_layer');
    expect(sums(digital, 'warn')).toEqual([]);
    expect(sums(digital, 'fail')).not.toEqual([]);
  });

  it('fails a subtotal misprinted by an amount, however unsurely it was read', () => {
    const doc = read(withSubtotal(217.49), { subtotal: 0.88 });
    expect(sums(doc, 'warn')).toEqual([]);
    expect(sums(doc, 'fail')).not.toEqual([]);
  });

  it('warns about a subtotal whose leading digits were lost, read clearly', () => {
    const lines = [{ description: 'Server rack', qty: 2, unit_price: 6206.3, amount: 12412.6 }];
    const fields = { ...CONSISTENT_FIELDS, subtotal: 412.6, tax: 2482.52, total: 14895.12 };
    const text = [
      'Server rack 2 6,206.30 12,412.60',
      'Subtotal 412.60',
      'VAT (20%) 2,482.52',
      'Total 14,895.12',
    ].join('\n');
    const doc = read(invoiceDocument(values(fields, lines), { text }));
    expect(sums(doc, 'fail')).toEqual([]);
    expect(sums(doc, 'warn')[0]?.suspect).toEqual({ field: 'subtotal', expected: 12412.6 });
  });

  it("warns about a line's quantity read unsurely when its amount makes the subtotal", () => {
    const lines = CONSISTENT_LINES.map((line, i) => (i === 2 ? { ...line, qty: 7 } : line));
    const doc = read(
      invoiceDocument(values(CONSISTENT_FIELDS, lines), {
        text: CONSISTENT_PRINTED.replace('Desk lamp 1 39.99', 'Desk lamp 7 39.99'),
      }),
      { 'line_items:2:qty': 0.93 },
    );
    expect(sums(doc, 'fail')).toEqual([]);
    expect(sums(doc, 'warn')[0]?.suspect).toEqual({
      table: 'line_items',
      row: 2,
      column: 'qty',
      expected: 1,
    });
  });

  it('warns about a subtotal that no row labelled as the subtotal prints', () => {
    // the reading took a line's figure for the subtotal, and the subtotal row was read as 206.49
    const text = CONSISTENT_PRINTED.replace('Subtotal 205.49', 'Subtotal 206.49');
    const doc = invoiceDocument(
      values({ ...CONSISTENT_FIELDS, subtotal: 120.5 }, CONSISTENT_LINES),
      {
        text,
      },
    );
    expect(sums(doc, 'fail')).toEqual([]);
    const [warned] = sums(doc, 'warn');
    expect(warned?.suspect).toEqual({ field: 'subtotal', expected: 205.49 });
    expect(warned?.message).toContain(
      'no row labelled as the subtotal prints it ("subtotal 206.49"), so the reading took it from elsewhere',
    );
  });

  it('is unknown without the reading: the failure stands', () => {
    const doc = withSubtotal(203.49);
    expect(cellAt(doc.values, { field: 'subtotal' })?.value).toBe(203.49);
    expect(sums(doc, 'warn')).toEqual([]);
    expect(sums(doc, 'fail')).not.toEqual([]);
  });
});

/** A till receipt: one of each item at its price, subtotal, tax and total, and its printed text. */
function receipt(
  fields: { subtotal: number | null; tax: number | null; total: number },
  prices: number[],
  text: string,
): AgentDocument {
  const cell = (value: number | null) => ({
    value,
    confidence: 0.9,
    source:
      value === null ? null : { page: 1, box: [0, 0, 1, 1] as [number, number, number, number] },
  });
  return {
    fields: RECEIPT_FIELDS,
    tables: RECEIPT_TABLES,
    values: {
      fields: {
        merchant: { value: 'Kedai Runcit Maju', confidence: 0.9, source: null },
        subtotal: cell(fields.subtotal),
        tax: cell(fields.tax),
        total: cell(fields.total),
      },
      tables: { items: { rows: prices.map((price) => ({ qty: cell(1), price: cell(price) })) } },
    },
    locked: [],
    text,
  };
}

describe('reconciliation: a receipt whose payment confirms the total', () => {
  const text = [
    'Roti canai 5.20',
    'Teh tarik 7.20',
    'TOTAL 17.40',
    'CASH 20.00',
    'CHANGE 7.60',
  ].join('\n');

  it('warns about a total read unsurely when the payment makes it what the lines make it', () => {
    const doc = read(receipt({ subtotal: null, tax: null, total: 17.4 }, [5.2, 7.2], text), {
      total: 0.94,
    });
    expect(sums(doc, 'fail')).toEqual([]);
    const [warned] = sums(doc, 'warn');
    expect(warned?.suspect).toEqual({ field: 'total', expected: 12.4 });
    expect(warned?.message).toContain(
      'what the sums make the total: the payment (20.00 paid less 7.60 change) comes to it',
    );
  });

  it('fails the same total when nothing but the lines says what it should be', () => {
    const unpaid = text.replace('CASH 20.00\nCHANGE 7.60', '');
    const doc = read(receipt({ subtotal: null, tax: null, total: 17.4 }, [5.2, 7.2], unpaid), {
      total: 0.94,
    });
    expect(sums(doc, 'warn')).toEqual([]);
    expect(sums(doc, 'fail')).not.toEqual([]);
  });

  it('warns about a subtotal read unsurely when a printed tax and the paid total disagree with it', () => {
    const taxed = [
      'Catering set 1 x 89.99 89.99',
      'Total Excl. GST: 81.90',
      'GST 6%: 5.09',
      'Total Incl. GST: 89.99',
      'CASH 100.00',
      'CHANGE 10.01',
    ].join('\n');
    const doc = read(receipt({ subtotal: 81.9, tax: null, total: 89.99 }, [89.99], taxed), {
      subtotal: 0.92,
    });
    expect(sums(doc, 'fail')).toEqual([]);
    const warned = sums(doc, 'warn');
    expect(warned.map((c) => c.suspect)).toEqual([{ field: 'subtotal', expected: 84.9 }]);
    expect(warned[0]?.message).toContain(
      'Total − subtotal = 8.09, a tax the document does not print',
    );
    // gross lines make the total the tax is included in
    const report = runReconciliation(doc, [], SETTINGS);
    expect(report.checks.map((c) => c.message)).toContain('The lines add up to the total');
  });
});

describe('reconciliation: fewer item lines read than the receipt counts', () => {
  const text = [
    'Kopi O 1 2.10',
    'Milo ais 1 3.40',
    'Kuih lapis',
    'Item(s): 3   Qty(s): 3',
    'TOTAL 7.30',
  ].join('\n');

  it('warns when the lines read fall short and the table holds fewer rows than counted', () => {
    const doc = receipt({ subtotal: null, tax: null, total: 7.3 }, [2.1, 3.4], text);
    const report = runReconciliation(doc, [], SETTINGS);
    expect(report.summary.fail).toBe(0);
    expect(report.checks.find((c) => c.status === 'warn')?.message).toContain(
      'The document counts 3 ("Item(s): 3   Qty(s): 3") where the table read holds 2 rows',
    );
  });

  it('fails when the table holds every counted line, or the lines come to more than the total', () => {
    const counted = text.replace('Item(s): 3   Qty(s): 3', 'Item(s): 2   Qty(s): 2');
    expect(
      runReconciliation(
        receipt({ subtotal: null, tax: null, total: 7.3 }, [2.1, 3.4], counted),
        [],
        SETTINGS,
      ).summary.fail,
    ).toBe(1);
    expect(
      runReconciliation(
        receipt(
          { subtotal: null, tax: null, total: 4.3 },
          [2.1, 3.4],
          text.replace('7.30', '4.30'),
        ),
        [],
        SETTINGS,
      ).summary.fail,
    ).toBe(1);
  });
});
