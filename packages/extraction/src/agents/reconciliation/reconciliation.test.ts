import { describe, expect, it } from 'vitest';

import {
  CONSISTENT_FIELDS,
  CONSISTENT_LINES,
  invoiceDocument,
  SETTINGS,
  values,
} from '../../../test/agent-documents.js';
import type { AgentDocument, KnowledgeDocument } from '../types.js';

import { adjustConfidence, duplicateKeyOf, runReconciliation } from './index.js';

const failures = (doc: AgentDocument, knowledge: KnowledgeDocument[] = []) =>
  runReconciliation(doc, knowledge, SETTINGS).checks.filter((c) => c.status === 'fail');

describe('reconciliation: arithmetic', () => {
  it('passes a consistent invoice: every line, lines to subtotal, subtotal + tax = total', () => {
    const report = runReconciliation(
      invoiceDocument(values(CONSISTENT_FIELDS, CONSISTENT_LINES)),
      [],
      SETTINGS,
    );
    expect(report.summary.fail).toBe(0);
    const sums = report.checks.filter((c) => c.kind === 'arithmetic').map((c) => c.message);
    expect(sums).toContain('Line 2: qty × unit price = amount');
    expect(sums).toContain('The lines add up to the subtotal');
    expect(sums).toContain('Subtotal + tax = total');
  });

  it('names the misread line when one line amount reads 126.50 for 120.50', () => {
    const lines = CONSISTENT_LINES.map((line, i) => (i === 1 ? { ...line, amount: 126.5 } : line));
    const failed = failures(invoiceDocument(values(CONSISTENT_FIELDS, lines)));
    const sum = failed.find((c) => c.message.startsWith('The lines add up'));
    expect(sum?.difference).toBe(6);
    expect(sum?.suspect).toEqual({
      table: 'line_items',
      row: 1,
      column: 'amount',
      expected: 120.5,
    });
    expect(sum?.message).toContain('Line Items row 2 Amount reads 126.50');
  });

  it('blames the total, not the tax, when the total reads 248.59 for 246.59', () => {
    const failed = failures(
      invoiceDocument(values({ ...CONSISTENT_FIELDS, total: 248.59 }, CONSISTENT_LINES)),
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.difference).toBe(-2);
    expect(failed[0]?.suspect).toEqual({ field: 'total', expected: 246.59 });
  });

  it('names no suspect when no single OCR confusion explains the gap', () => {
    const failed = failures(
      invoiceDocument(values({ ...CONSISTENT_FIELDS, total: 300 }, CONSISTENT_LINES)),
    );
    expect(failed[0]?.suspect).toBeUndefined();
    expect(failed[0]?.message).toContain('off by 53.41');
  });

  it('checks an unread tax against the document: the amount total − subtotal must be printed', () => {
    const unread = { ...CONSISTENT_FIELDS, tax: null };
    const printed = 'Subtotal 205.49\nVAT (20%) 41.10\nTotal 246.59';
    const pass = runReconciliation(
      invoiceDocument(values(unread, CONSISTENT_LINES), { text: printed }),
      [],
      SETTINGS,
    );
    expect(pass.summary.fail).toBe(0);
    expect(pass.checks.map((c) => c.message)).toContain(
      'Total − subtotal = 41.10, which the document prints',
    );
    const misprinted = failures(
      invoiceDocument(values({ ...unread, total: 253.59 }, CONSISTENT_LINES), {
        text: 'Subtotal 205.49\nVAT (20%) 41.10\nTotal 253.59',
      }),
    );
    expect(misprinted[0]?.message).toBe(
      'Total − subtotal = 48.10, but the document prints no such tax: the subtotal or the total is wrong',
    );
  });

  it('tolerates one cent of rounding', () => {
    const report = runReconciliation(
      invoiceDocument(values({ ...CONSISTENT_FIELDS, total: 246.6 }, CONSISTENT_LINES)),
      [],
      SETTINGS,
    );
    expect(report.summary.fail).toBe(0);
  });

  it('checks a receipt without subtotal: lines + tax = total, or lines alone when tax is included', () => {
    const receipt: AgentDocument = {
      fields: [
        { key: 'merchant', label: 'Merchant', type: 'string', required: false },
        { key: 'purchase_datetime', label: 'Purchase Datetime', type: 'date', required: false },
        { key: 'tax', label: 'Tax', type: 'currency', required: false },
        { key: 'total', label: 'Total', type: 'currency', required: true },
      ],
      tables: [
        {
          key: 'items',
          label: 'Items',
          columns: [
            { key: 'name', label: 'Name', type: 'string' },
            { key: 'qty', label: 'Qty', type: 'number' },
            { key: 'price', label: 'Price', type: 'currency' },
          ],
        },
      ],
      values: {
        fields: {
          merchant: { value: 'Corner Cafe', confidence: 0.9, source: null },
          tax: { value: 1.18, confidence: 0.9, source: null },
          total: { value: 16.08, confidence: 0.9, source: null },
        },
        tables: {
          items: {
            rows: [
              {
                qty: { value: 1, confidence: 0.9, source: null },
                price: { value: 12.5, confidence: 0.9, source: null },
              },
              {
                qty: { value: 2, confidence: 0.9, source: null },
                price: { value: 1.2, confidence: 0.9, source: null },
              },
            ],
          },
        },
      },
      locked: [],
      text: '',
    };
    const report = runReconciliation(receipt, [], SETTINGS);
    expect(report.checks.find((c) => c.kind === 'arithmetic')?.message).toBe(
      'The lines plus tax make the total',
    );
    expect(report.summary.fail).toBe(0);

    const included = structuredClone(receipt);
    included.values.fields.total!.value = 14.9;
    const inclusive = runReconciliation(included, [], SETTINGS);
    expect(inclusive.summary.fail).toBe(0);
    expect(inclusive.checks[0]?.message).toBe('The lines add up to the total');

    const wrong = structuredClone(receipt);
    wrong.values.fields.total!.value = 19.08;
    expect(failures(wrong)[0]?.suspect).toEqual({ field: 'total', expected: 16.08 });
  });
});

describe('reconciliation: fields and dates', () => {
  it('fails a required field left empty and a value that is not of its type', () => {
    const failed = failures(
      invoiceDocument(
        values(
          { ...CONSISTENT_FIELDS, invoice_number: null, subtotal: '2O5.4g' },
          CONSISTENT_LINES,
        ),
      ),
    );
    const messages = failed.map((c) => c.message);
    expect(messages).toContain('Invoice Number is required but empty');
    expect(messages).toContain('Subtotal "2O5.4g" is not a valid amount');
  });

  it('fails a date in the future and a due date before the invoice date', () => {
    const failed = failures(
      invoiceDocument(
        values(
          { ...CONSISTENT_FIELDS, invoice_date: '2024-07-20', due_date: '2024-07-01' },
          CONSISTENT_LINES,
        ),
      ),
    );
    expect(failed.map((c) => c.message)).toEqual(
      expect.arrayContaining([
        'Invoice Date 2024-07-20 is in the future',
        'Due Date 2024-07-01 is before Invoice Date 2024-07-20',
      ]),
    );
  });
});

describe('reconciliation: references and duplicates', () => {
  const poList: KnowledgeDocument = {
    name: 'PO list',
    kind: 'csv',
    text: 'PO Number,Approved Amount,Department\nPO-7781,250.00,Facilities\nPO-7790,100.00,IT\n',
  };
  const vendorMaster: KnowledgeDocument = {
    name: 'Vendor master',
    kind: 'csv',
    text: 'Vendor Name,VAT Number\nAcme Supplies Limited,GB123456789\nGlobex Corp,DE811111111\n',
  };

  it('passes a PO in the PO list within its amount and a vendor in the vendor master', () => {
    const report = runReconciliation(
      invoiceDocument(values(CONSISTENT_FIELDS, CONSISTENT_LINES)),
      [poList, vendorMaster],
      SETTINGS,
    );
    const references = report.checks.filter((c) => c.kind === 'reference');
    expect(references.map((c) => [c.status, c.message])).toEqual(
      expect.arrayContaining([
        ['pass', 'PO Number "PO-7781" is in PO list'],
        ['pass', "Total 246.59 is within PO-7781's 250.00"],
        ['pass', 'Vendor Name "Acme Supplies Ltd" is in Vendor master'],
      ]),
    );
  });

  it('fails an unknown PO, a total above the PO amount and an unknown vendor', () => {
    const unknown = failures(
      invoiceDocument(
        values(
          { ...CONSISTENT_FIELDS, po_number: 'PO-9999', vendor_name: 'Initech' },
          CONSISTENT_LINES,
        ),
      ),
      [poList, vendorMaster],
    ).map((c) => c.message);
    expect(unknown).toEqual(
      expect.arrayContaining([
        'PO Number "PO-9999" is not in PO list',
        'Vendor Name "Initech" is not in Vendor master',
      ]),
    );
    const over = failures(
      invoiceDocument(values({ ...CONSISTENT_FIELDS, po_number: 'PO-7790' }, CONSISTENT_LINES)),
      [poList],
    );
    expect(over[0]?.message).toBe("Total 246.59 exceeds PO-7790's 100.00 by 146.59");
  });

  it('keys duplicates by vendor and invoice number, receipts by merchant, date and total', () => {
    const doc = invoiceDocument(values(CONSISTENT_FIELDS, CONSISTENT_LINES));
    expect(duplicateKeyOf(doc)).toBe('invoice:acme supplies|INV-2024-0042');
    const sameOtherwiseWritten = invoiceDocument(
      values({
        ...CONSISTENT_FIELDS,
        vendor_name: 'ACME Supplies Ltd.',
        invoice_number: 'inv-2024-0042',
      }),
    );
    expect(duplicateKeyOf(sameOtherwiseWritten)).toBe(duplicateKeyOf(doc));
    const receipt = invoiceDocument(
      values({ vendor_name: 'Corner Cafe', invoice_date: '2024-05-02', total: 16.08 }),
    );
    expect(duplicateKeyOf(receipt)).toBe('receipt:corner cafe|2024-05-02|16.08');
    expect(duplicateKeyOf(invoiceDocument(values({ total: 16.08 })))).toBeNull();
  });

  it('reports a duplicate with the other document', () => {
    const report = runReconciliation(
      invoiceDocument(values(CONSISTENT_FIELDS, CONSISTENT_LINES)),
      [],
      SETTINGS,
      [{ pipeline_id: 'p-1', original_filename: 'invoice-march.pdf' }],
    );
    const duplicate = report.checks.find((c) => c.kind === 'duplicate');
    expect(duplicate).toMatchObject({
      status: 'fail',
      message: 'Possible duplicate of invoice-march.pdf',
      duplicate_of: { pipeline_id: 'p-1', original_filename: 'invoice-march.pdf' },
    });
  });
});

describe('reconciliation: confidence', () => {
  it('lowers the misread value below 0.8 and raises values the sums confirm', () => {
    const lines = CONSISTENT_LINES.map((line, i) => (i === 1 ? { ...line, amount: 126.5 } : line));
    const current = values(CONSISTENT_FIELDS, lines);
    current.tables.line_items!.rows[1]!.amount!.confidence = 0.93;
    const report = runReconciliation(invoiceDocument(current), [], SETTINGS);
    const adjusted = adjustConfidence(current, report);
    expect(adjusted.tables.line_items!.rows[1]!.amount!.confidence).toBeLessThan(0.8);
    expect(adjusted.fields.total!.confidence).toBeGreaterThan(0.9);
    expect(adjusted.tables.line_items!.rows[0]!.amount!.confidence).toBeGreaterThan(0.9);
    expect(current.tables.line_items!.rows[1]!.amount!.confidence).toBe(0.93);
  });
});
