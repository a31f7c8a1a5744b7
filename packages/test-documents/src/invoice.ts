import { CONTENT_TYPES, type GeneratedDocument } from './document.js';
import { pngToJpeg, textImagePng } from './images.js';
import { pdfBytes } from './pdf.js';

export interface Party {
  name: string;
  address: string[];
}

export interface LineItemInput {
  description: string;
  qty: number;
  unitPrice: number;
}

export interface LineItem extends LineItemInput {
  /** qty × unitPrice, rounded to cents. */
  amount: number;
}

export interface InvoiceOptions {
  invoiceNumber?: string;
  /** ISO date (YYYY-MM-DD); printed as e.g. "Mar 15, 2024". */
  date?: string;
  dueDate?: string;
  poNumber?: string;
  vendor?: Party;
  billTo?: Party;
  /** ISO 4217 code printed beside the total, e.g. USD. */
  currency?: string;
  lineItems?: LineItemInput[];
  /** Tax as a fraction of the subtotal, e.g. 0.2 for 20%. */
  taxRate?: number;
  /**
   * Amounts printed differently from the true ones (as a misprint or a misread would show them),
   * while the other printed amounts stay right: `lineAmounts` by line index, and the total.
   */
  misprint?: { lineAmounts?: Record<number, number>; total?: number };
}

/** Every value printed on a generated invoice, with the amounts computed from the line items. */
export interface Invoice {
  invoiceNumber: string;
  date: string;
  dueDate: string;
  poNumber: string;
  vendor: Party;
  billTo: Party;
  currency: string;
  lineItems: LineItem[];
  taxRate: number;
  subtotal: number;
  tax: number;
  total: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The invoice's values: the options given, defaults for the rest, and the computed amounts. */
export function invoiceData(options: InvoiceOptions = {}): Invoice {
  const lineItems = (
    options.lineItems ?? [
      { description: 'Printer paper A4', qty: 10, unitPrice: 4.5 },
      { description: 'Toner cartridge', qty: 2, unitPrice: 60.25 },
      { description: 'Desk lamp', qty: 1, unitPrice: 39.99 },
    ]
  ).map((item) => ({ ...item, amount: cents(item.qty * item.unitPrice) }));
  const subtotal = cents(lineItems.reduce((sum, item) => sum + item.amount, 0));
  const taxRate = options.taxRate ?? 0.2;
  const tax = cents(subtotal * taxRate);
  return {
    invoiceNumber: options.invoiceNumber ?? 'INV-2024-0042',
    date: options.date ?? '2024-03-15',
    dueDate: options.dueDate ?? '2024-04-14',
    poNumber: options.poNumber ?? 'PO-7781',
    vendor: options.vendor ?? {
      name: 'Acme Supplies Ltd',
      address: ['12 Harbour Road', 'Bristol BS1 4DJ'],
    },
    billTo: options.billTo ?? {
      name: 'Northwind Traders',
      address: ['5 Market Street', 'Leeds LS1 6AA'],
    },
    currency: options.currency ?? 'USD',
    lineItems,
    taxRate,
    subtotal,
    tax,
    total: cents(subtotal + tax),
  };
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** "2024-03-15" → "Mar 15, 2024": unambiguous whatever the reader's day/month order. */
export function printedDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** 1234.5 → "1,234.50". */
export function printedAmount(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The invoice as lines of text, top to bottom: what a scan or a photo of it shows. */
export function invoiceTextLines(invoice: Invoice): string[] {
  return [
    'INVOICE',
    invoice.vendor.name,
    ...invoice.vendor.address,
    `Invoice Number: ${invoice.invoiceNumber}`,
    `Invoice Date: ${printedDate(invoice.date)}`,
    `Due Date: ${printedDate(invoice.dueDate)}`,
    `PO Number: ${invoice.poNumber}`,
    `Bill To: ${invoice.billTo.name}`,
    '',
    'Description            Qty     Unit Price     Amount',
    ...invoice.lineItems.map(
      (item) =>
        `${item.description.padEnd(22)} ${String(item.qty).padStart(3)}     ` +
        `${printedAmount(item.unitPrice).padStart(10)}     ${printedAmount(item.amount).padStart(9)}`,
    ),
    '',
    `Subtotal: ${printedAmount(invoice.subtotal)}`,
    `Tax: ${printedAmount(invoice.tax)}`,
    `Total: ${invoice.currency} ${printedAmount(invoice.total)}`,
  ];
}

/**
 * A one-page digital invoice with a text layer: seller block on the left, invoice details on the
 * right, the bill-to party, a line-items table and the totals.
 */
export async function invoicePdf(
  options: InvoiceOptions = {},
): Promise<GeneratedDocument & { invoice: Invoice }> {
  const invoice = invoiceData(options);
  const bytes = await pdfBytes((doc) => {
    const line = (text: string, x: number, y: number) => doc.text(text, x, y, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(22);
    line('INVOICE', 50, 50);

    doc.fontSize(11);
    line(invoice.vendor.name, 50, 100);
    doc.font('Helvetica');
    invoice.vendor.address.forEach((text, index) => line(text, 50, 116 + index * 16));

    const details = [
      `Invoice Number: ${invoice.invoiceNumber}`,
      `Invoice Date: ${printedDate(invoice.date)}`,
      `Due Date: ${printedDate(invoice.dueDate)}`,
      `PO Number: ${invoice.poNumber}`,
    ];
    details.forEach((text, index) => line(text, 330, 100 + index * 16));

    doc.font('Helvetica-Bold');
    line('Bill To:', 50, 190);
    doc.font('Helvetica');
    [invoice.billTo.name, ...invoice.billTo.address].forEach((text, index) =>
      line(text, 50, 206 + index * 16),
    );

    const columns = { description: 50, qty: 300, unitPrice: 370, amount: 470 };
    const tableTop = 290;
    doc.font('Helvetica-Bold');
    line('Description', columns.description, tableTop);
    line('Qty', columns.qty, tableTop);
    line('Unit Price', columns.unitPrice, tableTop);
    line('Amount', columns.amount, tableTop);
    doc
      .moveTo(50, tableTop + 15)
      .lineTo(545, tableTop + 15)
      .stroke();
    doc.font('Helvetica');
    invoice.lineItems.forEach((item, index) => {
      const y = tableTop + 24 + index * 18;
      line(item.description, columns.description, y);
      line(String(item.qty), columns.qty, y);
      line(printedAmount(item.unitPrice), columns.unitPrice, y);
      line(printedAmount(options.misprint?.lineAmounts?.[index] ?? item.amount), columns.amount, y);
    });

    const totalsTop = tableTop + 40 + invoice.lineItems.length * 18;
    line('Subtotal:', 370, totalsTop);
    line(printedAmount(invoice.subtotal), columns.amount, totalsTop);
    line(`Tax (${Math.round(invoice.taxRate * 100)}%):`, 370, totalsTop + 18);
    line(printedAmount(invoice.tax), columns.amount, totalsTop + 18);
    doc.font('Helvetica-Bold');
    line(`Total (${invoice.currency}):`, 370, totalsTop + 40);
    line(printedAmount(options.misprint?.total ?? invoice.total), columns.amount, totalsTop + 40);
  });
  return {
    bytes,
    fileName: `invoice-${invoice.invoiceNumber}.pdf`,
    contentType: CONTENT_TYPES.pdf,
    invoice,
  };
}

/** The same invoice as a scan: one PDF page holding only an image, no text layer. */
export async function scannedInvoicePdf(
  options: InvoiceOptions = {},
): Promise<GeneratedDocument & { invoice: Invoice }> {
  const invoice = invoiceData(options);
  const image = Buffer.from(await textImagePng(invoiceTextLines(invoice), { fontSize: 28 }));
  const bytes = await pdfBytes((doc) => {
    doc.image(image, 40, 40, { width: 515 });
  });
  return {
    bytes,
    fileName: `scan-${invoice.invoiceNumber}.pdf`,
    contentType: CONTENT_TYPES.pdf,
    invoice,
  };
}

export interface ReceiptOptions {
  merchant?: string;
  /** ISO date and time, e.g. 2024-05-02 14:31. */
  purchaseDateTime?: string;
  items?: { name: string; qty: number; price: number }[];
  taxRate?: number;
  paymentMethod?: string;
  format?: 'png' | 'jpeg';
}

export interface Receipt {
  merchant: string;
  purchaseDateTime: string;
  items: { name: string; qty: number; price: number }[];
  subtotal: number;
  tax: number;
  total: number;
  paymentMethod: string;
}

/** A till receipt rendered as an image (a photo or scan of one): text only, no text layer. */
export async function receiptImage(
  options: ReceiptOptions = {},
): Promise<GeneratedDocument & { receipt: Receipt }> {
  const items = options.items ?? [
    { name: 'Coffee beans', qty: 1, price: 12.5 },
    { name: 'Milk 1L', qty: 2, price: 1.2 },
  ];
  const subtotal = cents(items.reduce((sum, item) => sum + item.qty * item.price, 0));
  const tax = cents(subtotal * (options.taxRate ?? 0.1));
  const receipt: Receipt = {
    merchant: options.merchant ?? 'Corner Grocery',
    purchaseDateTime: options.purchaseDateTime ?? '2024-05-02 14:31',
    items,
    subtotal,
    tax,
    total: cents(subtotal + tax),
    paymentMethod: options.paymentMethod ?? 'VISA',
  };
  const [day, time] = receipt.purchaseDateTime.split(' ');
  const png = await textImagePng([
    receipt.merchant,
    `Date: ${printedDate(day ?? '')} ${time ?? ''}`.trim(),
    ...items.map((item) => `${item.qty} x ${item.name}  ${printedAmount(item.qty * item.price)}`),
    `Subtotal: ${printedAmount(receipt.subtotal)}`,
    `Tax: ${printedAmount(receipt.tax)}`,
    `Total: ${printedAmount(receipt.total)}`,
    `Paid by ${receipt.paymentMethod}`,
  ]);
  const format = options.format ?? 'png';
  return format === 'png'
    ? { bytes: png, fileName: 'receipt.png', contentType: CONTENT_TYPES.png, receipt }
    : {
        bytes: await pngToJpeg(png),
        fileName: 'receipt.jpg',
        contentType: CONTENT_TYPES.jpeg,
        receipt,
      };
}
