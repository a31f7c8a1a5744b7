import { describe, expect, it } from 'vitest';

import { invoiceDocument, SETTINGS, values } from '../../test/agent-documents.js';

import { runDataEntry } from './data-entry/index.js';
import { adjustConfidence, runReconciliation } from './reconciliation/index.js';

/**
 * A French bookshop's invoice: one line, and the totals as a table of three columns, the figures
 * printed under the titles (24.99 before tax, 5.00 of tax, 29.99 to pay).
 */
const PRINTED = [
  'Librairie des Quais',
  'Facture LQ-2207',
  'Désignation   Qté   P.U. HT   Montant HT',
  'Atlas des phares   1   24.99   24.99',
  'TOTAL HT   TOTAL TVA   TOTAL TTC',
  '24.99   5.00   29.99',
];
const bookshop = (total: number | null, extra: string[] = []) =>
  invoiceDocument(
    values({ invoice_number: 'LQ-2207', invoice_date: '2024-02-11', total }, [
      { description: 'Atlas des phares', qty: 1, unit_price: 24.99, amount: 24.99 },
    ]),
    { text: [...PRINTED, ...extra].join('\n') },
  );

const tableChecks = (total: number | null, extra: string[] = []) =>
  runReconciliation(bookshop(total, extra), [], SETTINGS).checks.filter((c) =>
    c.message.includes('totals table'),
  );

describe('totals tables with net, tax and gross columns', () => {
  it('fails a total read from the net column, naming the gross', () => {
    const doc = bookshop(24.99);
    const report = runReconciliation(doc, [], SETTINGS);
    const check = report.checks.find((c) => c.message.includes('totals table'));
    expect(check).toMatchObject({
      kind: 'arithmetic',
      status: 'fail',
      message:
        'Total reads 24.99, the net column of the totals table ("TOTAL HT" 24.99 + "TOTAL TVA" 5.00 = "TOTAL TTC" 29.99): the total with the tax is 29.99.',
      suspect: { field: 'total', expected: 29.99 },
    });
    // the green band never sits on it
    expect(adjustConfidence(doc.values, report).fields.total?.confidence).toBeLessThan(0.8);
  });

  it('passes a total read from the gross column', () => {
    expect(tableChecks(29.99)).toEqual([
      expect.objectContaining({
        status: 'pass',
        message:
          'Total is the gross of the totals table: "TOTAL HT" 24.99 + "TOTAL TVA" 5.00 = "TOTAL TTC" 29.99',
      }),
    ]);
  });

  it('leaves a net figure that a row labelled as due prints (what is left to pay)', () => {
    // a prepayment of the tax leaves the net to pay: the total as the document means it
    expect(tableChecks(24.99, ['Acompte 5.00', 'NET A PAYER 24.99'])).toEqual([]);
  });

  it('recognises the columns in other languages and orders', () => {
    const doc = invoiceDocument(values({ total: 180 }), {
      text: ['Bruttobetrag   MwSt   Nettobetrag', '214.20   34.20   180.00'].join('\n'),
    });
    expect(runReconciliation(doc, [], SETTINGS).checks).toContainEqual(
      expect.objectContaining({ status: 'fail', suspect: { field: 'total', expected: 214.2 } }),
    );
  });

  it('is no totals table where item lines each print their net, tax and gross', () => {
    const doc = invoiceDocument(values({ total: 20 }), {
      text: [
        'Item   Qty   Net   VAT   Gross',
        'Seed trays   2   20.00   4.00   24.00',
        'Garden twine   1   5.00   1.00   6.00',
        'Total   30.00',
      ].join('\n'),
    });
    expect(runDataEntry(doc, [], SETTINGS).values.fields.total?.value).toBe(20);
    expect(
      runReconciliation(doc, [], SETTINGS).checks.filter((c) => c.message.includes('totals')),
    ).toEqual([]);
  });

  it('is no totals table without a gross column (a tax breakdown)', () => {
    const doc = invoiceDocument(values({ total: 180 }), {
      text: ['Taux   Base HT   Montant TVA', '19.00   180.00   34.20'].join('\n'),
    });
    expect(
      runReconciliation(doc, [], SETTINGS).checks.filter((c) => c.message.includes('totals')),
    ).toEqual([]);
  });
});

describe('data entry: the total from a totals table', () => {
  it('takes the gross where the total was read from the net column, and says why', () => {
    const outcome = runDataEntry(bookshop(24.99), [], SETTINGS);
    expect(outcome.values.fields.total?.value).toBe(29.99);
    // the subtotal and tax the page prints beside that total, where none was read
    expect(outcome.values.fields.subtotal?.value).toBe(24.99);
    expect(outcome.values.fields.tax?.value).toBe(5);
    expect(outcome.changes).toContainEqual(
      expect.objectContaining({
        field: 'total',
        old: 24.99,
        new: 29.99,
        reason:
          '24.99 is the net column of the totals table ("TOTAL HT" 24.99 + "TOTAL TVA" 5.00 = "TOTAL TTC" 29.99): the total is the gross',
      }),
    );
    const report = runReconciliation({ ...bookshop(24.99), values: outcome.values }, [], SETTINGS);
    expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
  });

  it('fills an empty total with the gross', () => {
    const outcome = runDataEntry(bookshop(null), [], SETTINGS);
    expect(outcome.values.fields.total?.value).toBe(29.99);
  });

  it('leaves a total a person entered, and one a row labelled as due prints', () => {
    const entered = runDataEntry(
      { ...bookshop(24.99), locked: [{ field: 'total' }] },
      [],
      SETTINGS,
    );
    expect(entered.values.fields.total?.value).toBe(24.99);
    const due = runDataEntry(bookshop(24.99, ['Acompte 5.00', 'NET A PAYER 24.99']), [], SETTINGS);
    expect(due.values.fields.total?.value).toBe(24.99);
  });
});
