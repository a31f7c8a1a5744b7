import type { ReconCheck } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import {
  INVOICE_FIELDS,
  INVOICE_TABLES,
  invoiceDocument,
  SETTINGS,
  values,
} from '../../test/agent-documents.js';

import { runReconciliation } from './index.js';
import type { AgentDocument } from './types.js';

type Line = { description: string; qty: number; unit_price: number; amount: number };

/** A workshop's invoice: its item lines and closing figures as read, and its page as printed. */
function workshopInvoice(lines: Line[], printed: string[], extra: Partial<AgentDocument> = {}) {
  const subtotal = Math.round(lines.reduce((sum, line) => sum + line.amount, 0) * 100) / 100;
  const tax = Math.round(subtotal * 0.1 * 100) / 100;
  const total = Math.round((subtotal + tax) * 100) / 100;
  const fields = { invoice_number: 'WS-3381', invoice_date: '2024-05-02', subtotal, tax, total };
  return invoiceDocument(values(fields, lines), {
    text: [
      'Hollis Joinery Workshop',
      'Invoice WS-3381',
      ...printed,
      `Subtotal ${subtotal.toFixed(2)}`,
      `Tax 10% ${tax.toFixed(2)}`,
      `Total ${total.toFixed(2)}`,
    ].join('\n'),
    ...extra,
  });
}

const lineChecks = (report: { checks: ReconCheck[] }) =>
  report.checks.filter((c) => c.kind === 'arithmetic' && c.message.startsWith('Line '));

describe('line arithmetic: quantity × unit price, as the document states its lines', () => {
  it('accepts a discount printed on the line under a discount heading', () => {
    const doc = workshopInvoice(
      [
        { description: 'Oak shelf boards', qty: 4, unit_price: 18.5, amount: 70 },
        { description: 'Brass hinges', qty: 10, unit_price: 2.4, amount: 24 },
      ],
      [
        'Item   Qty   Unit Price   Discount   Amount',
        'Oak shelf boards   4   18.50   4.00   70.00',
        'Brass hinges   10   2.40      24.00',
      ],
    );
    const checks = lineChecks(runReconciliation(doc, [], SETTINGS));
    expect(checks.map((c) => [c.status, c.message])).toEqual([
      ['pass', 'Line 1: qty × unit price − discount 4.00 = amount'],
      ['pass', 'Line 2: qty × unit price = amount'],
    ]);
  });

  it('accepts a discount given as a percentage', () => {
    const doc = workshopInvoice(
      [{ description: 'Walnut veneer', qty: 3, unit_price: 42, amount: 113.4 }],
      [
        'Beschreibung   Menge   Preis   Rabatt   Betrag',
        'Walnut veneer   3   42.00   10.00%   113.40',
      ],
    );
    expect(lineChecks(runReconciliation(doc, [], SETTINGS))).toEqual([
      expect.objectContaining({
        status: 'pass',
        message: 'Line 1: qty × unit price − discount 10% = amount',
      }),
    ]);
  });

  it("takes the discount from the type's own discount column, absolute or as a percentage", () => {
    const tables = [
      {
        ...INVOICE_TABLES[0]!,
        columns: [
          ...INVOICE_TABLES[0]!.columns,
          { key: 'discount', label: 'Discount', type: 'currency' as const },
        ],
      },
    ];
    const doc = invoiceDocument(
      values({ subtotal: 151.2, tax: 15.12, total: 166.32 }, [
        { description: 'Pine battens', qty: 8, unit_price: 6.25, amount: 45, discount: 5 },
        { description: 'Cedar cladding', qty: 2, unit_price: 59, amount: 106.2, discount: 10 },
      ]),
      { tables, fields: INVOICE_FIELDS },
    );
    expect(lineChecks(runReconciliation(doc, [], SETTINGS)).map((c) => c.message)).toEqual([
      'Line 1: qty × unit price − discount 5.00 = amount',
      'Line 2: qty × unit price − discount 10% = amount',
    ]);
  });

  it('accepts a unit price printed rounded to its decimals, within half a cent a piece', () => {
    // 12 panels at 4.1666… each print as 4.17 but come to 50.00
    const doc = workshopInvoice(
      [{ description: 'Birch panels', qty: 12, unit_price: 4.17, amount: 50 }],
      ['Item   Qty   Unit Price   Amount', 'Birch panels   12   4.17   50.00'],
    );
    expect(lineChecks(runReconciliation(doc, [], SETTINGS))).toEqual([
      expect.objectContaining({ status: 'pass', message: 'Line 1: qty × unit price = amount' }),
    ]);
  });

  it('accepts line amounts printed with their tax where the table has a tax column', () => {
    const doc = workshopInvoice(
      [{ description: 'Router bits', qty: 2, unit_price: 15, amount: 33 }],
      ['Product   Qty   Price   VAT   Total', 'Router bits   2   15.00   3.00   33.00'],
    );
    expect(lineChecks(runReconciliation(doc, [], SETTINGS))).toEqual([
      expect.objectContaining({
        status: 'pass',
        message: 'Line 1: qty × unit price + tax 3.00 = amount',
      }),
    ]);
  });

  it('still fails a line that neither rounding nor a stated discount explains', () => {
    const doc = workshopInvoice(
      [
        // rounding allows 12 × half a cent: 51.00 is a whole euro off
        { description: 'Birch panels', qty: 12, unit_price: 4.17, amount: 51 },
        // the 4.00 stands under no discount heading: a misprinted amount is not excused by it
        { description: 'Oak shelf boards', qty: 4, unit_price: 18.5, amount: 70 },
      ],
      [
        'Item   Qty   Unit Price   Amount',
        'Birch panels   12   4.17   51.00',
        'Oak shelf boards   4   18.50   4.00   70.00',
      ],
    );
    expect(lineChecks(runReconciliation(doc, [], SETTINGS)).map((c) => c.status)).toEqual([
      'fail',
      'fail',
    ]);
  });

  it('fails a line whose discount does not make its amount', () => {
    const doc = workshopInvoice(
      [{ description: 'Oak shelf boards', qty: 4, unit_price: 18.5, amount: 66 }],
      [
        'Item   Qty   Unit Price   Discount   Amount',
        'Oak shelf boards   4   18.50   4.00   66.00',
      ],
    );
    const [line] = lineChecks(runReconciliation(doc, [], SETTINGS));
    expect(line).toMatchObject({ status: 'fail', difference: 8 });
  });
});
