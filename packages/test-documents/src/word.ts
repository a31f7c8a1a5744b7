import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';

import { CONTENT_TYPES, type GeneratedDocument } from './document.js';
import {
  type Invoice,
  type InvoiceOptions,
  invoiceData,
  printedAmount,
  printedDate,
} from './invoice.js';

/** The invoice as a Word document: heading paragraphs, the line items as a real Word table, totals. */
export async function invoiceDocx(
  options: InvoiceOptions = {},
): Promise<GeneratedDocument & { invoice: Invoice }> {
  const invoice = invoiceData(options);
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const row = (cells: string[]) => new TableRow({ children: cells.map(cell) });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'INVOICE', bold: true })] }),
          new Paragraph(invoice.vendor.name),
          new Paragraph(`Invoice Number: ${invoice.invoiceNumber}`),
          new Paragraph(`Invoice Date: ${printedDate(invoice.date)}`),
          new Paragraph(`Bill To: ${invoice.billTo.name}`),
          new Table({
            rows: [
              row(['Description', 'Qty', 'Unit Price', 'Amount']),
              ...invoice.lineItems.map((item) =>
                row([
                  item.description,
                  String(item.qty),
                  printedAmount(item.unitPrice),
                  printedAmount(item.amount),
                ]),
              ),
            ],
          }),
          new Paragraph(`Subtotal: ${printedAmount(invoice.subtotal)}`),
          new Paragraph(`Tax: ${printedAmount(invoice.tax)}`),
          new Paragraph(`Total: ${invoice.currency} ${printedAmount(invoice.total)}`),
        ],
      },
    ],
  });
  const bytes = new Uint8Array(await Packer.toBuffer(doc));
  return {
    bytes,
    fileName: `invoice-${invoice.invoiceNumber}.docx`,
    contentType: CONTENT_TYPES.docx,
    invoice,
  };
}
