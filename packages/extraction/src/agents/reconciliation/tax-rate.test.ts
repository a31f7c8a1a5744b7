import { describe, expect, it } from 'vitest';

import { RECEIPT_FIELDS, SETTINGS } from '../../../test/agent-documents.js';
import type { AgentDocument } from '../types.js';

import { runReconciliation } from './index.js';

const field = (value: number | null) => ({ value, confidence: 0.9, source: null });

/** A receipt with subtotal, tax and total read as given and its printed text. */
function receipt(
  read: { subtotal: number | null; tax: number | null; total: number },
  text: string,
): AgentDocument {
  return {
    fields: RECEIPT_FIELDS,
    tables: [],
    values: {
      fields: {
        merchant: { value: 'Corner Cafe', confidence: 0.9, source: null },
        subtotal: field(read.subtotal),
        tax: field(read.tax),
        total: field(read.total),
      },
      tables: {},
    },
    locked: [],
    text,
  };
}

const taxChecks = (doc: AgentDocument) =>
  runReconciliation(doc, [], SETTINGS).checks.filter((c) => c.message.startsWith('Tax '));

describe('reconciliation: the tax against the rate its row prints', () => {
  it('fails a tax worked out wrongly although the total was summed from it, and names the tax', () => {
    // 6% of 7.50 is 0.45; the till printed 8.43 and added it, so subtotal + tax = total holds
    const doc = receipt(
      { subtotal: 7.5, tax: 8.43, total: 15.93 },
      'SUBTOTAL 7.50\nGST 6% 8.43\nTOTAL 15.93\nCASH 20.00\nCHANGE 4.07',
    );
    const [check] = taxChecks(doc);
    expect(check?.status).toBe('fail');
    expect(check?.message).toContain('0.45 added to the subtotal 7.50');
    expect(check?.suspect).toEqual({ field: 'tax', expected: 0.45 });
    const sums = runReconciliation(doc, [], SETTINGS).checks.filter(
      (c) => c.kind === 'arithmetic' && c.message.startsWith('Subtotal + tax'),
    );
    expect(sums.map((c) => c.status)).toEqual(['pass']);
  });

  it('passes a tax that is its rate of a printed amount, added or included, to the rounding of each line', () => {
    const added = receipt(
      { subtotal: 89.19, tax: 5.35, total: 94.54 },
      'SUBTOTAL 89.19\nGST 6% 5.35\nTOTAL 94.54',
    );
    expect(taxChecks(added).map((c) => [c.status, c.message])).toEqual([
      ['pass', 'Tax 6% of 89.19 is 5.35, as read'],
    ]);
    // 19% included in 119.00 is 19.00; a till that rounds each line's tax may print 19.04
    const included = receipt(
      { subtotal: null, tax: 19.04, total: 119 },
      'SUMME 119,00\nMwSt. 19 % 19,04\nBAR 120,00\nRückgeld 1,00',
    );
    expect(taxChecks(included).map((c) => c.status)).toEqual(['pass']);
  });

  it('checks a tax included in the prices by the rate on its own row', () => {
    const included = (tax: number) =>
      receipt(
        { subtotal: null, tax, total: 7.2 },
        `GRAND TOTAL 7.20\nCASH 10.00\nCHANGE 2.80\nGST 6% Included ${tax.toFixed(2)}`,
      );
    expect(taxChecks(included(0.41)).map((c) => c.status)).toEqual(['pass']);
    const [wrong] = taxChecks(included(1.41));
    expect(wrong?.status).toBe('fail');
    expect(wrong?.message).toContain('0.41 included in the total 7.20');
    // a row stating the gross the tax is included in is not the tax's row
    const gross = receipt({ subtotal: null, tax: 7.2, total: 7.2 }, 'TOTAL INCL. GST 6% 7.20');
    expect(taxChecks(gross)).toEqual([]);
  });

  it('checks nothing when the rows printing the tax give no rate or several', () => {
    expect(
      taxChecks(receipt({ subtotal: 10, tax: 3.21, total: 13.21 }, 'SUBTOTAL 10.00\nTAX 3.21')),
    ).toEqual([]);
    const twoRates = 'NETTO 100,00\nMwSt 7% 3,21\nMwSt 19% 3,21\nSUMME 106,42';
    expect(taxChecks(receipt({ subtotal: 100, tax: 3.21, total: 106.42 }, twoRates))).toEqual([]);
  });
});
