import { describe, expect, it } from 'vitest';

import {
  invoiceDocument,
  receiptDocument,
  SETTINGS,
  values,
} from '../../../test/agent-documents.js';
import type { AgentDocument } from '../types.js';

import { runReconciliation } from './index.js';

const sums = (doc: AgentDocument, status: 'warn' | 'fail') =>
  runReconciliation(doc, [], SETTINGS).checks.filter(
    (c) => c.kind === 'arithmetic' && c.status === status,
  );

// "Teh tarik" is printed as 2 × 0.90: a reader that takes the quantity for its price reads 2.00.
const printed = [
  'Roti canai 2.50',
  'Teh tarik 2 x 0.90 1.80',
  'Nasi goreng 7.50',
  'Subtotal 11.80',
  'SST 6% 0.71',
  'Total 12.51',
];
const items = [
  { name: 'Roti canai', price: 2.5 },
  { name: 'Teh tarik', price: 2 },
  { name: 'Nasi goreng', price: 7.5 },
];

describe('reconciliation: item lines nothing confirms, against a confirmed closing figure', () => {
  it('warns when subtotal + tax = total confirms the subtotal the lines miss', () => {
    const doc = receiptDocument(
      { subtotal: 11.8, tax: 0.71, total: 12.51 },
      items,
      printed.join('\n'),
    );
    expect(sums(doc, 'fail')).toEqual([]);
    const [warned] = sums(doc, 'warn');
    expect(warned?.message).toContain('The lines add up to the subtotal does not hold as read');
    expect(warned?.message).toContain(
      'The item lines as read come to 12.00, but Subtotal 11.80 is confirmed (subtotal + tax = total holds)',
    );
    expect(warned?.message).toContain("line 2's figures are printed nowhere as read");
  });

  it('warns when the payment confirms the total the lines and tax miss', () => {
    const text = [
      ...printed.filter((row) => !row.startsWith('Subtotal')),
      'CASH 20.00',
      'CHANGE 7.49',
    ];
    const doc = receiptDocument(
      { subtotal: null, tax: 0.71, total: 12.51 },
      items,
      text.join('\n'),
    );
    expect(sums(doc, 'fail')).toEqual([]);
    expect(sums(doc, 'warn')[0]?.message).toContain(
      'Total 12.51 is confirmed (the payment (20.00 paid less 7.49 change) comes to it)',
    );
  });

  it('fails lines read clearly, each as its row prints it, however the closing figures agree', () => {
    const text = printed.join('\n').replace('Teh tarik 2 x 0.90 1.80', 'Teh tarik 2 x 1.00 2.00');
    const doc = receiptDocument({ subtotal: 11.8, tax: 0.71, total: 12.51 }, items, text);
    expect(sums(doc, 'warn')).toEqual([]);
    expect(sums(doc, 'fail')[0]?.message).toContain(
      'The lines add up to the subtotal does not hold: off by 0.20',
    );
  });

  it('fails when nothing confirms the total apart from the lines', () => {
    const text = printed.filter((row) => !row.startsWith('Subtotal'));
    const doc = receiptDocument(
      { subtotal: null, tax: 0.71, total: 12.51 },
      items,
      text.join('\n'),
    );
    expect(sums(doc, 'warn')).toEqual([]);
    expect(sums(doc, 'fail')).not.toEqual([]);
  });

  it('fails when the subtotal disagrees with the total as well', () => {
    const text = printed.join('\n').replace('Total 12.51', 'Total 13.51');
    const doc = receiptDocument({ subtotal: 11.8, tax: 0.71, total: 13.51 }, items, text);
    expect(sums(doc, 'fail')).not.toEqual([]);
  });

  it('fails on a type whose lines carry their own qty × unit price = amount', () => {
    const lines = [
      { description: 'Cable ties', qty: 1, unit_price: 2.5, amount: 2.5 },
      { description: 'Fuses', qty: 2, unit_price: 0.9, amount: 1.8 },
      { description: 'Switch', qty: 1, unit_price: 7.5, amount: 7.5 },
    ];
    const fields = {
      invoice_number: 'INV-7',
      invoice_date: '2024-03-01',
      subtotal: 11.5,
      tax: 0.69,
      total: 12.19,
    };
    const text = [
      'Cable ties 1 2.50 2.50',
      'Fuses 2 0.90 1.80',
      'Switch 1 7.50 7.50',
      'Subtotal 11.50',
      'VAT 6% 0.69',
      'Total 12.19',
    ].join('\n');
    const doc = invoiceDocument(values(fields, lines), { text });
    expect(sums(doc, 'warn')).toEqual([]);
    expect(sums(doc, 'fail').map((c) => c.message)[0]).toContain(
      'The lines add up to the subtotal does not hold',
    );
  });
});
