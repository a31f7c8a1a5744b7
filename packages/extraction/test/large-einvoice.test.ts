/**
 * E-invoices of thousands of lines (a wholesaler's monthly statement): 15,000 lines make about
 * 10 MB, the most an e-invoice may be. Every line must come through reading, extraction and both
 * agents. The time limit is the guard against work that grows with the square of the lines: such
 * a step takes minutes on an invoice this long, while the whole run takes seconds.
 */
import { PRESETS } from '@parser/contracts';
import { type LargeEInvoiceOptions, largeUblInvoice } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import { adjustConfidence, runDataEntry, runReconciliation } from '../src/agents/index.js';
import { MAX_XML_BYTES } from '../src/einvoice/index.js';
import { extractBySchema } from '../src/extract/index.js';
import { readDocument } from '../src/reading/index.js';
import { INVOICE_FIELDS, INVOICE_TABLES, SETTINGS } from './agent-documents.js';

const LINES = 15_000;
const LARGE_INVOICE_TIMEOUT = 60_000;

/** The invoice read, extracted with the invoice preset and entered by the data entry agent. */
async function throughDataEntry(options: LargeEInvoiceOptions = {}) {
  const invoice = largeUblInvoice(LINES, options);
  expect(invoice.bytes.length).toBeLessThan(MAX_XML_BYTES);
  const reading = await readDocument(invoice.bytes, invoice.fileName);
  const extracted = extractBySchema(reading, PRESETS.invoice);
  const doc = {
    fields: INVOICE_FIELDS,
    tables: INVOICE_TABLES,
    // as the server stores the values and reads them back for the agents
    values: JSON.parse(JSON.stringify(extracted)) as typeof extracted,
    locked: [],
    text: reading.text,
    pages: reading.pages,
  };
  const entered = runDataEntry(doc, [], SETTINGS);
  return { invoice, extracted, doc: { ...doc, values: entered.values }, entered };
}

const lineNumberOf = (message: string) => Number(/^Line (\d+):/.exec(message)?.[1]);

describe('a UBL invoice of 15,000 lines', () => {
  it(
    'comes through extraction and both agents with every line as stated and its totals reconciled',
    async () => {
      const { invoice, extracted, doc, entered } = await throughDataEntry();
      const rows = extracted.tables.line_items?.rows ?? [];
      expect(rows).toHaveLength(LINES);
      const misread = invoice.data.lineItems.flatMap((item, index) => {
        const row = rows[index];
        const same =
          row?.description?.value === item.description &&
          row.qty?.value === item.qty &&
          Math.abs(Number(row.unit_price?.value) - item.unitPrice) < 0.005 &&
          row.amount?.value === item.amount;
        return same ? [] : [index + 1];
      });
      expect(misread).toEqual([]);
      expect(extracted.fields).toMatchObject({
        subtotal: { value: invoice.data.subtotal },
        tax: { value: invoice.data.tax },
        total: { value: invoice.data.total },
      });

      // The XML's values are exact: nothing for the data entry agent to improve.
      expect(entered.changes).toEqual([]);
      expect(entered.values.tables.line_items?.rows).toHaveLength(LINES);

      const report = runReconciliation(doc, [], SETTINGS);
      expect(report.summary).toMatchObject({ warn: 0, fail: 0 });
      const sums = report.checks.filter((check) => check.kind === 'arithmetic');
      expect(sums.map((check) => check.message)).toEqual(
        expect.arrayContaining(['The lines add up to the subtotal', 'Subtotal + tax = total']),
      );
      const lineChecks = sums.filter((check) => check.message.startsWith('Line '));
      expect(lineChecks.map((check) => lineNumberOf(check.message))).toEqual(
        Array.from({ length: LINES }, (_, index) => index + 1),
      );
    },
    LARGE_INVOICE_TIMEOUT,
  );

  it(
    'names every discounted line and the invoice discount where its sums fail, and marks those figures unsure',
    async () => {
      const { invoice, doc, entered } = await throughDataEntry({
        discountEvery: 25,
        documentAllowance: 25,
      });
      // A line discount is not a misread: the agent repairs nothing.
      expect(entered.changes).toEqual([]);

      const report = runReconciliation(doc, [], SETTINGS);
      const failed = report.checks.filter((check) => check.status === 'fail');
      const failedLines = failed.filter((check) => check.message.startsWith('Line '));
      expect(failedLines.map((check) => lineNumberOf(check.message))).toEqual(
        Array.from({ length: LINES / 25 }, (_, index) => (index + 1) * 25),
      );
      const line25 = invoice.data.lineItems[24]!;
      expect(failedLines[0]?.message).toBe(
        `Line 25: qty × unit price = amount does not hold: off by ${(line25.qty * line25.unitPrice - line25.amount).toFixed(2)}.`,
      );
      const linesSum = failed.filter((check) => !check.message.startsWith('Line '));
      expect(linesSum.map((check) => check.message)).toEqual([
        `The lines add up to the subtotal does not hold: off by 25.00. The closing figures agree: subtotal + tax = total (${invoice.data.subtotal.toFixed(2)} + ${invoice.data.tax.toFixed(2)} = ${invoice.data.total.toFixed(2)}); the lines come 25.00 over: a line is misread or read twice, or a discount on the whole document was not read. Check the item lines.`,
      ]);
      expect(report.summary).toMatchObject({ warn: 0, fail: LINES / 25 + 1 });
      expect(report.checks).toContainEqual(
        expect.objectContaining({ status: 'pass', message: 'Subtotal + tax = total' }),
      );

      // The discounted lines drop below the 0.8 band; the subtotal, tax and total vouch for each
      // other, so the failed sum of the lines blames the lines, not them.
      const adjusted = adjustConfidence(entered.values, report);
      const discounted = adjusted.tables.line_items?.rows[24];
      expect(discounted?.qty?.confidence).toBeLessThan(0.8);
      expect(discounted?.amount?.confidence).toBeLessThan(0.8);
      expect(adjusted.fields.subtotal?.confidence).toBe(1);
      expect(adjusted.fields.total?.confidence).toBe(1);
    },
    LARGE_INVOICE_TIMEOUT,
  );
});
