import { describe, expect, it } from 'vitest';

import {
  invoiceDocument,
  receiptDocument,
  SETTINGS,
  values,
} from '../../../test/agent-documents.js';

import { adjustConfidence, runReconciliation } from './index.js';

/** A garden centre's invoice: three lines, 10% tax; the reading missed the last line. */
const LINES = [
  { description: 'Terracotta pots', qty: 6, unit_price: 7.5, amount: 45 },
  { description: 'Potting compost', qty: 3, unit_price: 12.2, amount: 36.6 },
  { description: 'Olive tree', qty: 1, unit_price: 89, amount: 89 },
];
const FIELDS = { invoice_number: 'GC-118', subtotal: 170.6, tax: 17.06, total: 187.66 };

const failedSums = (report: ReturnType<typeof runReconciliation>) =>
  report.checks.filter((c) => c.kind === 'arithmetic' && c.status === 'fail');

describe('a line missing: the lines are blamed, not the tax and total', () => {
  it('points a failed sum at the lines when subtotal + tax = total holds', () => {
    const doc = invoiceDocument(values(FIELDS, LINES.slice(0, 2)));
    const report = runReconciliation(doc, [], SETTINGS);
    const [failed, ...others] = failedSums(report);
    expect(others).toEqual([]);
    expect(failed?.message).toBe(
      'The lines add up to the subtotal does not hold: off by 89.00. The closing figures agree: subtotal + tax = total (170.60 + 17.06 = 187.66); the lines come 89.00 short: a line is missing or misread, or a charge on the whole document was not read. Check the item lines.',
    );
    expect(failed?.fields).toEqual([
      { table: 'line_items', row: 0, column: 'amount' },
      { table: 'line_items', row: 1, column: 'amount' },
    ]);
    const adjusted = adjustConfidence(doc.values, report);
    for (const key of ['subtotal', 'tax', 'total'])
      expect(adjusted.fields[key]?.confidence).toBeGreaterThanOrEqual(0.8);
    expect(adjusted.tables.line_items?.rows[0]?.amount?.confidence).toBeLessThan(0.8);
  });

  it('blames the lines, not the tax and total, when the subtotal was not read but is printed', () => {
    const doc = invoiceDocument(values({ ...FIELDS, subtotal: null }, LINES.slice(0, 2)), {
      text: [
        'Description Qty Unit Price Amount',
        'Terracotta pots 6 7.50 45.00',
        'Potting compost 3 12.20 36.60',
        'Subtotal 170.60',
        'Tax 10% 17.06',
        'Total 187.66',
      ].join('\n'),
    });
    const report = runReconciliation(doc, [], SETTINGS);
    const sums = report.checks.filter(
      (c) => c.kind === 'arithmetic' && c.status !== 'pass' && c.message.startsWith('The lines'),
    );
    expect(sums).toHaveLength(1);
    expect(sums[0]?.message).toContain(
      'the subtotal the document prints + tax = total (170.60 + 17.06 = 187.66)',
    );
    expect(sums[0]?.fields.every((ref) => ref.table === 'line_items')).toBe(true);
    const adjusted = adjustConfidence(doc.values, report);
    expect(adjusted.fields.tax?.confidence).toBeGreaterThanOrEqual(0.8);
    expect(adjusted.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('blames a till receipt’s lines when its printed subtotal and tax make the total', () => {
    const doc = receiptDocument(
      { subtotal: null, tax: 0.9, total: 15.9 },
      [
        { name: 'Kopi O', price: 2.5 },
        { name: 'Roti canai', price: 3.5 },
      ],
      [
        'Kopi O 2.50',
        'Roti canai 3.50',
        'Nasi lemak 9.00',
        'Sub Total 15.00',
        'SST 6% 0.90',
        'Total 15.90',
      ].join('\n'),
    );
    const report = runReconciliation(doc, [], SETTINGS);
    const adjusted = adjustConfidence(doc.values, report);
    expect(adjusted.fields.tax?.confidence).toBeGreaterThanOrEqual(0.8);
    expect(adjusted.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('blames every value of the sum when the closing figures disagree too', () => {
    const doc = invoiceDocument(values({ ...FIELDS, total: 190.66 }, LINES.slice(0, 2)));
    const report = runReconciliation(doc, [], SETTINGS);
    const lines = failedSums(report).find((c) => c.message.startsWith('The lines'));
    expect(lines?.fields).toContainEqual({ field: 'subtotal' });
    expect(adjustConfidence(doc.values, report).fields.subtotal?.confidence).toBeLessThan(0.8);
  });
});
