import { describe, expect, it } from 'vitest';

import {
  CONSISTENT_FIELDS,
  CONSISTENT_LINES,
  CONSISTENT_PRINTED,
  invoiceDocument,
  receiptDocument,
  SETTINGS,
  values,
} from '../../../test/agent-documents.js';
import { runDataEntry } from '../data-entry/index.js';

import { adjustConfidence, runReconciliation } from './index.js';

const sums = (report: ReturnType<typeof runReconciliation>, status: 'warn' | 'fail') =>
  report.checks.filter((c) => c.kind === 'arithmetic' && c.status === status);

describe('reconciliation: a reading that is incomplete is a warning, not a failure', () => {
  it('warns when the table missed an item line the document prints, naming it', () => {
    const doc = invoiceDocument(values(CONSISTENT_FIELDS, CONSISTENT_LINES.slice(0, 2)), {
      text: CONSISTENT_PRINTED,
    });
    const report = runReconciliation(doc, [], SETTINGS);
    expect(sums(report, 'fail')).toEqual([]);
    const [warned] = sums(report, 'warn');
    expect(warned?.message).toContain('The lines add up to the subtotal does not hold as read');
    expect(warned?.message).toContain('1 item line the table did not capture');
    expect(warned?.message).toContain('"desk lamp 1 39.99 39.99"');
  });

  it('still lowers the confidence of the lines of a doubted sum below 0.8, not of a subtotal the tax and total vouch for', () => {
    const doc = invoiceDocument(values(CONSISTENT_FIELDS, CONSISTENT_LINES.slice(0, 2)), {
      text: CONSISTENT_PRINTED,
    });
    const adjusted = adjustConfidence(doc.values, runReconciliation(doc, [], SETTINGS));
    expect(adjusted.tables.line_items?.rows[0]?.amount?.confidence).toBeLessThan(0.8);
    expect(adjusted.tables.line_items?.rows[1]?.amount?.confidence).toBeLessThan(0.8);
    expect(adjusted.fields.subtotal?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('warns about a row that holds only an amount when the sum holds without it', () => {
    const lines = [...CONSISTENT_LINES, { amount: 2 }];
    const doc = invoiceDocument(values(CONSISTENT_FIELDS, lines), {
      text: `${CONSISTENT_PRINTED}\nPage 1 of 2`,
    });
    const report = runReconciliation(doc, [], SETTINGS);
    expect(sums(report, 'fail')).toEqual([]);
    expect(sums(report, 'warn')[0]?.message).toContain(
      'Line Items row 4 Amount holds only an amount (2.00)',
    );
  });

  it('warns, naming the printed figure, when the subtotal was taken from another row', () => {
    const doc = invoiceDocument(
      values({ ...CONSISTENT_FIELDS, subtotal: 120.5 }, CONSISTENT_LINES),
      { text: CONSISTENT_PRINTED },
    );
    const report = runReconciliation(doc, [], SETTINGS);
    expect(sums(report, 'fail').map((c) => c.message)).toEqual([]);
    const warned = sums(report, 'warn').find((c) => c.message.startsWith('Subtotal + tax'));
    expect(warned?.message).toContain('the row "subtotal" prints 205.49');
    expect(warned?.suspect).toEqual({ field: 'subtotal', expected: 205.49 });
  });

  it('warns about a figure read from a doubtful glyph (its decimals lost)', () => {
    const doc = invoiceDocument(values({ ...CONSISTENT_FIELDS, subtotal: 205 }, CONSISTENT_LINES), {
      text: CONSISTENT_PRINTED.replace('Subtotal 205.49', 'Subtotal 205,4g'),
    });
    const report = runReconciliation(doc, [], SETTINGS);
    expect(sums(report, 'fail')).toEqual([]);
    expect(sums(report, 'warn')[0]?.message).toContain(
      'Subtotal reads 205.00, a figure the document does not print cleanly',
    );
  });
});

describe('reconciliation: a document whose printed figures disagree still fails', () => {
  it('fails a subtotal printed wrong on its own row, naming the likely misread', () => {
    const text = CONSISTENT_PRINTED.replace('Subtotal 205.49', 'Subtotal 203.49');
    const doc = invoiceDocument(
      values({ ...CONSISTENT_FIELDS, subtotal: 203.49 }, CONSISTENT_LINES),
      {
        text,
      },
    );
    const report = runReconciliation(doc, [], SETTINGS);
    expect(sums(report, 'warn')).toEqual([]);
    expect(sums(report, 'fail').map((c) => c.suspect)).toContainEqual({
      field: 'subtotal',
      expected: 205.49,
    });
  });

  it('fails a line amount printed wrong even when the table missed another line', () => {
    const lines = [{ ...CONSISTENT_LINES[0]!, amount: 46 }, CONSISTENT_LINES[1]!];
    const text = CONSISTENT_PRINTED.replace('10 4.50 45.00', '10 4.50 46.00');
    const report = runReconciliation(
      invoiceDocument(values(CONSISTENT_FIELDS, lines), { text }),
      [],
      SETTINGS,
    );
    expect(
      sums(report, 'fail').some((c) =>
        c.message.startsWith('Line 1: qty × unit price = amount does not hold: off by 1.00.'),
      ),
    ).toBe(true);
  });
});

describe('data entry: an amount read from a doubtful glyph', () => {
  it('is repaired when exactly one repair makes every sum agree, with its reason', () => {
    const doc = invoiceDocument(values({ ...CONSISTENT_FIELDS, subtotal: 205 }, CONSISTENT_LINES), {
      text: CONSISTENT_PRINTED.replace('Subtotal 205.49', 'Subtotal 205'),
    });
    const outcome = runDataEntry(doc, [], SETTINGS);
    expect(outcome.values.fields.subtotal?.value).toBe(205.49);
    expect(outcome.changes.find((c) => c.field === 'subtotal')?.reason).toBe(
      'OCR misread repaired: 205 was read from a figure the document does not print cleanly, and 205.49 makes every sum agree',
    );
  });

  it('is left as read when the document prints it cleanly: a misprint is not repaired', () => {
    const text = CONSISTENT_PRINTED.replace('Subtotal 205.49', 'Subtotal 205.48');
    const doc = invoiceDocument(
      values({ ...CONSISTENT_FIELDS, subtotal: 205.48 }, CONSISTENT_LINES),
      {
        text,
      },
    );
    expect(runDataEntry(doc, [], SETTINGS).values.fields.subtotal?.value).toBe(205.48);
  });
});

describe('reconciliation: a doubtful glyph on a receipt whose lines include the tax', () => {
  const text = ['Kopi 520', 'Roti bakar 8.90', 'GST 6% 0.80', 'TOTAL 14.10'].join('\n');
  const items = (first: number) => [
    { name: 'Kopi', price: first },
    { name: 'Roti bakar', price: 8.9 },
  ];

  it('warns when the figure, its decimal mark lost, makes the lines the total with the tax included', () => {
    const doc = receiptDocument({ subtotal: null, tax: 0.8, total: 14.1 }, items(520), text);
    const report = runReconciliation(doc, [], SETTINGS);
    expect(sums(report, 'fail')).toEqual([]);
    const [warned] = sums(report, 'warn');
    expect(warned?.message).toContain('Items row 1 Price reads 520.00');
    expect(warned?.suspect).toEqual({ table: 'items', row: 0, column: 'price', expected: 5.2 });
  });

  it('fails a figure printed cleanly that the lines do not make the total with', () => {
    const printed = text.replace('Kopi 520', 'Kopi 6.20');
    const doc = receiptDocument({ subtotal: null, tax: 0.8, total: 14.1 }, items(6.2), printed);
    expect(sums(runReconciliation(doc, [], SETTINGS), 'fail')).not.toEqual([]);
  });
});
