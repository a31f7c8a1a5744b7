import { describe, expect, it } from 'vitest';

import { RECEIPT_FIELDS, SETTINGS } from '../../../test/agent-documents.js';
import type { AgentDocument } from '../types.js';

import { runReconciliation } from './index.js';

const field = (value: number | null) => ({ value, confidence: 0.9, source: null });

/** A receipt with subtotal, tax and total read as given, its printed text, and optional lines. */
function receipt(
  read: { subtotal: number | null; tax: number | null; total: number },
  text: string,
  lines: { qty: number; price: number; amount: number }[] = [],
): AgentDocument {
  return {
    fields: RECEIPT_FIELDS,
    tables: [
      {
        key: 'line_items',
        label: 'Line Items',
        columns: [
          { key: 'description', label: 'Description', type: 'string' },
          { key: 'qty', label: 'Qty', type: 'number' },
          { key: 'unit_price', label: 'Unit Price', type: 'currency' },
          { key: 'amount', label: 'Amount', type: 'currency' },
        ],
      },
    ],
    values: {
      fields: {
        merchant: { value: 'Corner Cafe', confidence: 0.9, source: null },
        subtotal: field(read.subtotal),
        tax: field(read.tax),
        total: field(read.total),
      },
      tables: {
        line_items: {
          rows: lines.map((line) => ({
            qty: field(line.qty),
            unit_price: field(line.price),
            amount: field(line.amount),
          })),
        },
      },
    },
    locked: [],
    text,
  };
}

const sumFailures = (doc: AgentDocument) =>
  runReconciliation(doc, [], SETTINGS).checks.filter(
    (c) => c.kind === 'arithmetic' && c.status === 'fail',
  );

describe('reconciliation: the arithmetic as the receipt states it', () => {
  const restaurant = [
    'SUBTOTAL 79.60',
    'DISCOUNT -30.00',
    'Total Amount: 49.60',
    'Serv Charge 10% 4. 96',
    'GST @6% 3.27',
    'Rounding Adj: -0. 03',
    'Total Amount: 57.80',
    'CASH 100.00',
    'CHANGE 42.20',
  ].join('\n');

  it('counts a discount, a service charge and a cash rounding between subtotal and total', () => {
    const report = runReconciliation(
      receipt({ subtotal: 79.6, tax: 3.27, total: 57.8 }, restaurant),
      [],
      SETTINGS,
    );
    expect(report.summary.fail).toBe(0);
    const stated = report.checks.find((c) => c.message.startsWith('The total is what'));
    expect(stated?.message).toContain('discount − 30.00');
    expect(stated?.message).toContain('charge + 4.96');
    expect(stated?.message).toContain('rounding − 0.03');
  });

  it('still fails a total the rows do not make', () => {
    const wrong = restaurant.replace('Total Amount: 57.80', 'Total Amount: 58.80');
    expect(
      sumFailures(receipt({ subtotal: 79.6, tax: 3.27, total: 58.8 }, wrong)),
    ).not.toHaveLength(0);
  });

  const perRate = [
    'Total 0% supplies: 23.64',
    'KAYA 2.40 5 0 5 12.00',
    'Total 6% supplies (excl. GST): 12.00',
    'GST: 0.72',
    'Total 6% supplies (Inc. GST): 12.72',
    'Total 0% supplies: 23.64',
    'Total Payable: 36.36',
  ].join('\n');

  it('adds the nets per tax rate and the tax when the receipt prints no single subtotal', () => {
    // one rate's net read as the subtotal: the rows still make the total
    const doc = receipt({ subtotal: 23.64, tax: 0.72, total: 36.36 }, perRate);
    expect(sumFailures(doc)).toHaveLength(0);
    const wrong = receipt(
      { subtotal: 23.64, tax: 0.72, total: 37.36 },
      perRate.replace('36.36', '37.36'),
    );
    expect(sumFailures(wrong)).not.toHaveLength(0);
  });

  it('takes the tax from a tax summary row beside the subtotal when the tax row prints 0.00', () => {
    const text = [
      'SUB-TOTAL 45.28',
      'TAX 0.00',
      'TOTAL 48.00',
      'GST SUMMARY',
      'SR 45.28 6 2.72',
    ].join('\n');
    expect(sumFailures(receipt({ subtotal: 45.28, tax: 0, total: 48 }, text))).toHaveLength(0);
    expect(
      sumFailures(receipt({ subtotal: 45.28, tax: 0, total: 49 }, text.replace('48.00', '49.00'))),
    ).not.toHaveLength(0);
  });

  it('checks lines printed with their tax included against the total, not the net subtotal', () => {
    const text = [
      'Kopi O 1 x 2.10 2.10 SR',
      'Take Away 1 x 0.20 0.20 SR',
      'Total (Excluding GST): 2.17',
      'GST payable (6%): 0.13',
      'Total (Inclusive of GST): 2.30',
    ].join('\n');
    const lines = [
      { qty: 1, price: 2.1, amount: 2.1 },
      { qty: 1, price: 0.2, amount: 0.2 },
    ];
    const report = runReconciliation(
      receipt({ subtotal: 2.17, tax: 0.13, total: 2.3 }, text, lines),
      [],
      SETTINGS,
    );
    expect(report.summary.fail).toBe(0);
    expect(report.checks.map((c) => c.message)).toContain('The lines add up to the total');
    // a line misread still fails
    const misread = [{ ...lines[0]!, amount: 2.7 }, lines[1]!];
    expect(
      sumFailures(receipt({ subtotal: 2.17, tax: 0.13, total: 2.3 }, text, misread)),
    ).not.toHaveLength(0);
  });

  it('takes the one tax the tax rows print when the tax was not read', () => {
    const text = [
      'Nasi lemak 1 x 6.00 6.00',
      'Teh ais 1 x 2.50 2.50',
      'Total (Inclusive of GST): 9.01',
      'GST 6%: 0.51',
      'TOTAL 9.01',
    ].join('\n');
    const lines = [
      { qty: 1, price: 6, amount: 6 },
      { qty: 1, price: 2.5, amount: 2.5 },
    ];
    const report = runReconciliation(
      receipt({ subtotal: null, tax: null, total: 9.01 }, text, lines),
      [],
      SETTINGS,
    );
    expect(report.summary.fail).toBe(0);
    expect(report.checks.map((c) => c.message)).toContain(
      "The total is what the document's rows make it: the lines 8.50, the tax the document prints + 0.51 = 9.01",
    );
    // a total the lines and the printed tax do not make still fails
    const wrong = text.replaceAll('9.01', '9.91');
    expect(
      sumFailures(receipt({ subtotal: null, tax: null, total: 9.91 }, wrong, lines)),
    ).not.toHaveLength(0);
    // two different tax figures: none is picked to fit
    const two = text.replace('GST 6%: 0.51', 'GST 6%: 0.51\nService Tax: 0.40');
    expect(
      sumFailures(receipt({ subtotal: null, tax: null, total: 9.01 }, two, lines)),
    ).not.toHaveLength(0);
  });

  // the words tills print for a discount or a service charge in the document's own language
  it.each([
    [
      'a Malay discount and rounding',
      { subtotal: 15.49, tax: 0.74, total: 13.0 },
      [
        'Jumlah Kecil 15.49',
        'Potongan -2.50',
        'Pelarasan Bundar 0.01',
        'Jumlah 13.00',
        'Termasuk SST 6% 0.74',
      ],
    ],
    [
      'a Spanish "Dto." discount',
      { subtotal: 118.7, tax: 10.75, total: 118.2 },
      ['Subtotal 118,70', 'Dto. -0,50', 'TOTAL EUR 118,20', 'IVA incluido 10% 10,75'],
    ],
    [
      'an Italian cover charge',
      { subtotal: 40.0, tax: 3.64, total: 44.0 },
      ['Subtotale 40,00', 'Coperto 4,00', 'TOTALE 44,00', 'di cui IVA 10% 3,64'],
    ],
  ])('finds the total %s makes', (_name, read, lines) => {
    expect(sumFailures(receipt(read, lines.join('\n')))).toEqual([]);
  });
});
