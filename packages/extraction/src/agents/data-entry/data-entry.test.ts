import { describe, expect, it } from 'vitest';

import {
  CONSISTENT_FIELDS,
  CONSISTENT_LINES,
  INVOICE_FIELDS,
  invoiceDocument,
  SETTINGS,
  values,
} from '../../../test/agent-documents.js';
import type { KnowledgeDocument } from '../types.js';

import { runDataEntry } from './index.js';

const change = (outcome: ReturnType<typeof runDataEntry>, field: string) =>
  outcome.changes.find((c) => c.field === field);

describe('data entry: normalising by type', () => {
  it('writes dates as ISO in the day/month order the document prints', () => {
    const doc = invoiceDocument(values({ ...CONSISTENT_FIELDS, invoice_date: '03/04/2024' }), {
      text: 'Invoice date 03/04/2024\nDelivered 15/03/2024',
    });
    const outcome = runDataEntry(doc, [], SETTINGS);
    expect(outcome.values.fields.invoice_date?.value).toBe('2024-04-03');
    expect(change(outcome, 'invoice_date')).toMatchObject({
      old: '03/04/2024',
      new: '2024-04-03',
      source: 'rule',
      reason: 'Date written as YYYY-MM-DD (the document writes day before month)',
    });
  });

  it("falls back on the company's usual date order when the document does not tell", () => {
    const doc = invoiceDocument(values({ ...CONSISTENT_FIELDS, invoice_date: '03/04/2024' }), {
      text: 'Invoice date 03/04/2024',
    });
    const outcome = runDataEntry(doc, [], { ...SETTINGS, usualDateOrder: 'month_first' });
    expect(outcome.values.fields.invoice_date?.value).toBe('2024-03-04');
  });

  it('writes amounts as plain decimals and keeps their currency', () => {
    const outcome = runDataEntry(
      invoiceDocument(values({ total: '$1,234.50', subtotal: '1.028,75 €' })),
      [],
      SETTINGS,
    );
    expect(outcome.values.fields.total).toMatchObject({ value: 1234.5, currency: 'USD' });
    expect(outcome.values.fields.subtotal).toMatchObject({ value: 1028.75, currency: 'EUR' });
  });

  it("assumes the company's usual currency for amounts that show none", () => {
    const outcome = runDataEntry(invoiceDocument(values({ total: 99.5 })), [], {
      ...SETTINGS,
      usualCurrency: 'GBP',
    });
    expect(outcome.values.fields.total).toMatchObject({ value: 99.5, currency: 'GBP' });
    expect(change(outcome, 'total')?.reason).toBe(
      "Currency GBP assumed (the company's usual currency)",
    );
  });

  it('reads booleans and removes extra whitespace', () => {
    const doc = invoiceDocument(values({ bill_to: '  Northwind   Traders ', paid: 'Yes' }), {
      fields: [...INVOICE_FIELDS, { key: 'paid', label: 'Paid', type: 'boolean', required: false }],
    });
    const outcome = runDataEntry(doc, [], SETTINGS);
    expect(outcome.values.fields.bill_to?.value).toBe('Northwind Traders');
    expect(outcome.values.fields.paid?.value).toBe(true);
  });
});

describe('data entry: OCR repairs', () => {
  it('reads O and l in an amount as digits when the sums then agree', () => {
    const outcome = runDataEntry(
      invoiceDocument(
        values({ ...CONSISTENT_FIELDS, subtotal: '2O5.49', tax: '4l.10' }, CONSISTENT_LINES),
      ),
      [],
      SETTINGS,
    );
    expect(outcome.values.fields.subtotal?.value).toBe(205.49);
    expect(outcome.values.fields.tax?.value).toBe(41.1);
    expect(change(outcome, 'subtotal')?.reason).toBe(
      'OCR letters read as digits ("2O5.49" → 205.49)',
    );
  });

  it('leaves a repaired number alone when the sums contradict it', () => {
    const outcome = runDataEntry(
      invoiceDocument(values({ ...CONSISTENT_FIELDS, total: '2B6.59' }, CONSISTENT_LINES)),
      [],
      SETTINGS,
    );
    expect(outcome.values.fields.total?.value).toBe('2B6.59');
    expect(change(outcome, 'total')).toBeUndefined();
  });

  it('moves a misplaced decimal separator back when the arithmetic proves it', () => {
    const lines = CONSISTENT_LINES.map((line, i) => (i === 1 ? { ...line, amount: 1205 } : line));
    const outcome = runDataEntry(invoiceDocument(values(CONSISTENT_FIELDS, lines)), [], SETTINGS);
    expect(outcome.values.tables.line_items?.rows[1]?.amount?.value).toBe(120.5);
    expect(outcome.changes).toContainEqual(
      expect.objectContaining({
        table: 'line_items',
        row: 1,
        column: 'amount',
        old: 1205,
        new: 120.5,
      }),
    );
  });

  it('does not "repair" a digit the arithmetic only suspects: that is for a person', () => {
    const lines = CONSISTENT_LINES.map((line, i) => (i === 1 ? { ...line, amount: 126.5 } : line));
    const outcome = runDataEntry(invoiceDocument(values(CONSISTENT_FIELDS, lines)), [], SETTINGS);
    expect(outcome.values.tables.line_items?.rows[1]?.amount?.value).toBe(126.5);
  });
});

describe('data entry: derivations', () => {
  it('derives a line amount, the subtotal and the total, marked derived', () => {
    const lines = CONSISTENT_LINES.map((line, i) => (i === 2 ? { ...line, amount: null } : line));
    const outcome = runDataEntry(
      invoiceDocument(values({ ...CONSISTENT_FIELDS, subtotal: null, total: null }, lines)),
      [],
      SETTINGS,
    );
    expect(outcome.values.tables.line_items?.rows[2]?.amount?.value).toBe(39.99);
    expect(outcome.values.fields.subtotal?.value).toBe(205.49);
    expect(outcome.values.fields.total?.value).toBe(246.59);
    expect(change(outcome, 'total')).toMatchObject({
      old: null,
      new: 246.59,
      derived: true,
      reason: 'Derived: subtotal + tax = total',
    });
  });

  it('derives no subtotal from lines that do not make the printed total (a row was missed)', () => {
    const missed = CONSISTENT_LINES.slice(0, 2);
    const outcome = runDataEntry(
      invoiceDocument(values({ ...CONSISTENT_FIELDS, subtotal: null }, missed)),
      [],
      SETTINGS,
    );
    expect(outcome.values.fields.subtotal?.value).toBeNull();
    expect(change(outcome, 'subtotal')).toBeUndefined();
  });

  it('never touches a value a person reviewed or edited', () => {
    const doc = invoiceDocument(
      values({ ...CONSISTENT_FIELDS, total: null, invoice_date: '03/04/2024' }),
      {
        locked: [{ field: 'total' }, { field: 'invoice_date' }],
      },
    );
    const outcome = runDataEntry(doc, [], SETTINGS);
    expect(outcome.values.fields.total?.value).toBeNull();
    expect(outcome.values.fields.invoice_date?.value).toBe('03/04/2024');
    expect(
      outcome.changes.filter((c) => c.field === 'total' || c.field === 'invoice_date'),
    ).toEqual([]);
  });
});

describe('data entry: knowledge documents', () => {
  const vendorMaster: KnowledgeDocument = {
    name: 'Vendor master',
    kind: 'csv',
    text: 'Name,VAT Number,Payment Terms\nAcme Supplies Limited,GB123456789,Net 30\nGlobex Corp,DE811111111,Net 60\n',
  };
  const fields = [
    ...INVOICE_FIELDS,
    {
      key: 'vendor_tax_number',
      label: 'Vendor VAT Number',
      type: 'string' as const,
      required: false,
    },
    { key: 'payment_terms', label: 'Payment Terms', type: 'string' as const, required: false },
  ];

  it('fills empty fields from the CSV record matched fuzzily on the vendor name', () => {
    const doc = invoiceDocument(
      values({ ...CONSISTENT_FIELDS, vendor_name: 'ACME Supplies Ltd.' }),
      {
        fields,
      },
    );
    const outcome = runDataEntry(doc, [vendorMaster], SETTINGS);
    expect(outcome.values.fields.vendor_tax_number?.value).toBe('GB123456789');
    expect(outcome.values.fields.payment_terms?.value).toBe('Net 30');
    expect(change(outcome, 'vendor_tax_number')).toMatchObject({
      source: 'Vendor master',
      reason: 'Found in Vendor master: the record whose Name is "ACME Supplies Ltd."',
    });
  });

  it('fills the vendor name from a record matched exactly on the tax number', () => {
    const doc = invoiceDocument(
      values({ ...CONSISTENT_FIELDS, vendor_name: null, vendor_tax_number: 'DE811111111' }),
      { fields },
    );
    const outcome = runDataEntry(doc, [vendorMaster], SETTINGS);
    expect(outcome.values.fields.vendor_name?.value).toBe('Globex Corp');
  });

  it('leaves fields empty when no record matches', () => {
    const doc = invoiceDocument(values({ ...CONSISTENT_FIELDS, vendor_name: 'Initech' }), {
      fields,
    });
    expect(runDataEntry(doc, [vendorMaster], SETTINGS).values.fields.payment_terms).toBeUndefined();
  });

  it('repairs an id misread by one letter when the PO list knows the repaired one', () => {
    const poList: KnowledgeDocument = {
      name: 'PO list',
      kind: 'csv',
      text: 'PO Number,Amount\nPO-7781,250.00\nPO-7790,100.00\n',
    };
    const outcome = runDataEntry(
      invoiceDocument(values({ ...CONSISTENT_FIELDS, po_number: 'PO-778l' })),
      [poList],
      SETTINGS,
    );
    expect(outcome.values.fields.po_number?.value).toBe('PO-7781');
    expect(change(outcome, 'po_number')?.source).toBe('PO list');
  });

  it('finds a missing value next to its label in a text document, in the passage about this vendor', () => {
    const handbook: KnowledgeDocument = {
      name: 'Supplier handbook',
      kind: 'text',
      text: [
        'Supplier agreements 2024',
        'Globex Corp',
        'Payment terms: Net 60',
        'Contact: ap@globex.example',
        '',
        'Acme Supplies Ltd',
        'Payment terms: Net 30',
        'Contact: billing@acme.example',
      ].join('\n'),
    };
    const doc = invoiceDocument(values(CONSISTENT_FIELDS), { fields });
    const outcome = runDataEntry(doc, [handbook], SETTINGS);
    expect(outcome.values.fields.payment_terms?.value).toBe('Net 30');
    expect(change(outcome, 'payment_terms')).toMatchObject({
      source: 'Supplier handbook',
      reason: 'Found next to "Payment Terms" in Supplier handbook',
    });
  });
});
