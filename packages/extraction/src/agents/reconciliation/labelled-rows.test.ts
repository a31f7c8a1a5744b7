import { describe, expect, it } from 'vitest';

import { receiptDocument, SETTINGS } from '../../../test/agent-documents.js';
import type { AgentDocument } from '../types.js';

import { runReconciliation } from './index.js';

const sums = (doc: AgentDocument, status: 'warn' | 'fail') =>
  runReconciliation(doc, [], SETTINGS).checks.filter(
    (c) => c.kind === 'arithmetic' && c.status === status,
  );

const printed = [
  'Nasi goreng 7.50',
  'Teh ais 2.50',
  'Sub-Total 10.00',
  'Member discount 1.00',
  'SST 6% 0.54',
  'Total 9.54',
].join('\n');
const items = [
  { name: 'Nasi goreng', price: 7.5 },
  { name: 'Teh ais', price: 2.5 },
];

describe('reconciliation: a subtotal, tax or total taken from another row than its own', () => {
  it('warns, naming the labelled rows, when the subtotal read is no figure they print', () => {
    // the reader took an item's figure for the subtotal
    const doc = receiptDocument({ subtotal: 7.5, tax: 0.54, total: 9.54 }, items, printed);
    expect(sums(doc, 'fail')).toEqual([]);
    const messages = sums(doc, 'warn').map((c) => c.message);
    expect(messages).toContain(
      'Subtotal + tax = total does not hold as read: off by 1.50. Subtotal reads 7.50, which no row labelled as the subtotal prints ("sub-total 10.00"): the reading took it from elsewhere on the page. Check which figure is the subtotal.',
    );
  });

  it("warns instead of failing an implied tax when the subtotal is not its row's figure", () => {
    const doc = receiptDocument({ subtotal: 7.5, tax: null, total: 9.54 }, items, printed);
    expect(sums(doc, 'fail')).toEqual([]);
    expect(sums(doc, 'warn').map((c) => c.message)).toContain(
      'Total − subtotal = 2.04, a tax the document does not print. Subtotal reads 7.50, which no row labelled as the subtotal prints ("sub-total 10.00"): the reading took it from elsewhere on the page. Check which figure is the subtotal.',
    );
  });

  it('fails a subtotal misprinted on its own row, read as printed', () => {
    const misprinted = printed.replace('Sub-Total 10.00', 'Sub-Total 7.50');
    const doc = receiptDocument({ subtotal: 7.5, tax: 0.54, total: 9.54 }, items, misprinted);
    expect(sums(doc, 'fail')).not.toEqual([]);
  });

  it('says nothing where no row is labelled as the figure', () => {
    const unlabelled = printed.replace('Sub-Total 10.00', '10.00');
    const doc = receiptDocument({ subtotal: 7.5, tax: 0.54, total: 9.54 }, items, unlabelled);
    expect(sums(doc, 'fail')).not.toEqual([]);
  });
});

describe('reconciliation: an unread tax the page prints as OCR reads it', () => {
  it('finds an implied tax printed with a space after its decimal mark', () => {
    const text = printed.replace('SST 6% 0.54', 'SST 6% 0. 54');
    const doc = receiptDocument({ subtotal: 9, tax: null, total: 9.54 }, items, text);
    expect(runReconciliation(doc, [], SETTINGS).checks.map((c) => c.message)).toContain(
      'Total − subtotal = 0.54, which the document prints',
    );
  });
});
