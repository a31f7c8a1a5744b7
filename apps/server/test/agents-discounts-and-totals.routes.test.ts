import { PRESETS, type ReconCheck, type ReviewRecord } from '@parser/contracts';
import { pdfBytes } from '@parser/test-documents';
import { describe, expect, it } from 'vitest';

import {
  company,
  createDocType,
  createInvoiceType,
  getReview,
  type Headers,
  processDocuments,
} from './factories.js';
import { RELAXED_SIGN_IN_LIMITS, testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile(RELAXED_SIGN_IN_LIMITS);

/** A text printed at a distance from the left edge of the page, in points. */
interface Cell {
  text: string;
  x: number;
}

/** One printed invoice: its heading, seller, details, customer, item table and closing rows. */
interface InvoicePage {
  heading: string;
  /** The seller's name (printed bold) and address. */
  seller: string[];
  /** Number, dates: printed on the right, opposite the seller. */
  details: string[];
  /** The label of the customer block and the customer's name and address. */
  customer: string[];
  columns: Cell[];
  /** One row per item line, a cell per column; an empty cell prints nothing. */
  rows: string[][];
  /** The rows under the item table: labelled totals, or a table of its own. */
  closing: { cells: Cell[]; bold?: boolean }[];
}

/** A closing row: its label, then its figure under the item table's last column. */
const labelled = (label: string, figure: string, bold = false) => ({
  cells: [
    { text: label, x: 370 },
    { text: figure, x: 470 },
  ],
  bold,
});

const ITEM_COLUMNS: Cell[] = [
  { text: 'Description', x: 50 },
  { text: 'Qty', x: 300 },
  { text: 'Unit Price', x: 370 },
  { text: 'Amount', x: 470 },
];

const DISCOUNT_COLUMNS: Cell[] = [
  { text: 'Description', x: 50 },
  { text: 'Qty', x: 250 },
  { text: 'Unit Price', x: 300 },
  { text: 'Discount', x: 390 },
  { text: 'Amount', x: 470 },
];

/** The invoice as a one-page digital PDF with a text layer. */
async function invoicePage(page: InvoicePage, fileName: string) {
  const bytes = await pdfBytes((doc) => {
    const print = (text: string, x: number, y: number) =>
      doc.text(text, x, y, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(22);
    print(page.heading, 50, 50);

    doc.fontSize(11);
    print(page.seller[0]!, 50, 100);
    doc.font('Helvetica');
    page.seller.slice(1).forEach((text, index) => print(text, 50, 116 + index * 16));
    page.details.forEach((text, index) => print(text, 330, 100 + index * 16));

    doc.font('Helvetica-Bold');
    print(page.customer[0]!, 50, 180);
    doc.font('Helvetica');
    page.customer.slice(1).forEach((text, index) => print(text, 50, 196 + index * 16));

    const tableTop = 270;
    doc.font('Helvetica-Bold');
    page.columns.forEach((column) => print(column.text, column.x, tableTop));
    doc
      .moveTo(50, tableTop + 15)
      .lineTo(545, tableTop + 15)
      .stroke();
    doc.font('Helvetica');
    page.rows.forEach((row, index) =>
      row.forEach((text, column) => {
        if (text) print(text, page.columns[column]!.x, tableTop + 24 + index * 18);
      }),
    );

    const closingTop = tableTop + 40 + page.rows.length * 18;
    page.closing.forEach((row, index) => {
      doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica');
      row.cells.forEach((cell) => print(cell.text, cell.x, closingTop + index * 20));
    });
  });
  return { bytes, fileName };
}

/** Uploads the invoice, runs extraction and both agents, and answers what the review shows. */
async function atReview(
  headers: Headers,
  typeId: string,
  document: { bytes: Uint8Array; fileName: string },
) {
  const { pipelineIds } = await processDocuments(t, headers, typeId, [document]);
  const record = await getReview(t.app, headers, pipelineIds[0]!);
  expect(record.current_step).toBe('human_review');
  const agents = record.history.filter((entry) => entry.kind === 'agent_ran');
  expect(agents.map((entry) => entry.data.agent)).toEqual(['data_entry', 'reconciliation']);
  return record;
}

const invoiceTypeWithAgents = (headers: Headers) =>
  createInvoiceType(t.app, headers, {}, { data_entry: true, recon: true });

const checksOf = (record: ReviewRecord): ReconCheck[] =>
  record.agent_report?.reconciliation?.checks ?? [];

const failures = (record: ReviewRecord) =>
  checksOf(record).filter((check) => check.status === 'fail');

/** The checks of the item lines' arithmetic, as status and message. */
const lineChecks = (record: ReviewRecord) =>
  checksOf(record)
    .filter((check) => check.message.startsWith('Line '))
    .map((check) => [check.status, check.message]);

const statusOf = (record: ReviewRecord, message: string) =>
  checksOf(record).find((check) => check.message === message)?.status;

const column = (record: ReviewRecord, key: string) =>
  record.extracted_data!.tables.line_items!.rows.map((row) => row[key]?.value ?? null);

const field = (record: ReviewRecord, key: string) => record.extracted_data!.fields[key]!;

/** The changes the data entry agent made to the item lines. */
const lineChanges = (record: ReviewRecord) =>
  (record.agent_report?.data_entry?.changes ?? []).filter((change) => change.table);

describe('per-line discounts', () => {
  it('passes lines whose discount column takes an amount off qty × unit price, amounts as printed', async () => {
    const { headers } = await company(t.app);
    const document = await invoicePage(
      {
        heading: 'INVOICE',
        seller: ['Harbourside Timber Co.', '4 Quay Lane', 'Falmouth TR11 3HF'],
        details: ['Invoice Number: HT-5531', 'Invoice Date: Apr 9, 2024', 'Due Date: May 9, 2024'],
        customer: ['Bill To:', 'Penrose Joinery', '27 Chapel Street', 'Truro TR1 2PY'],
        columns: DISCOUNT_COLUMNS,
        rows: [
          // 12 × 24.50 = 294.00, less 29.40
          ['Oak floorboards', '12', '24.50', '29.40', '264.60'],
          // 8 × 6.75 = 54.00, less 4.00
          ['Skirting board', '8', '6.75', '4.00', '50.00'],
          ['Wood glue', '2', '8.90', '', '17.80'],
        ],
        closing: [
          labelled('Subtotal:', '332.40'),
          labelled('VAT (20%):', '66.48'),
          labelled('Total (GBP):', '398.88', true),
        ],
      },
      'harbourside-HT-5531.pdf',
    );
    const record = await atReview(headers, await invoiceTypeWithAgents(headers), document);

    expect(failures(record)).toEqual([]);
    expect(lineChecks(record)).toEqual([
      ['pass', 'Line 1: qty × unit price − discount 29.40 = amount'],
      ['pass', 'Line 2: qty × unit price − discount 4.00 = amount'],
      ['pass', 'Line 3: qty × unit price = amount'],
    ]);
    expect(statusOf(record, 'The lines add up to the subtotal')).toBe('pass');
    expect(statusOf(record, 'Subtotal + tax = total')).toBe('pass');
    // The amounts stay as printed: the discount explains them, nothing "corrects" them.
    expect(column(record, 'qty')).toEqual([12, 8, 2]);
    expect(column(record, 'unit_price')).toEqual([24.5, 6.75, 8.9]);
    expect(column(record, 'amount')).toEqual([264.6, 50, 17.8]);
    expect(lineChanges(record)).toEqual([]);
    expect(field(record, 'total').value).toBe(398.88);
    for (const row of record.extracted_data!.tables.line_items!.rows)
      expect(row.amount?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it("takes a percentage from the type's own discount column", async () => {
    const { headers } = await company(t.app);
    const [lineItems] = PRESETS.invoice.tables;
    const typeId = await createDocType(t.app, headers, {
      name: 'Invoices with discounts',
      presetKey: 'invoice',
      fields: PRESETS.invoice.fields,
      tables: [
        {
          ...lineItems!,
          columns: [
            ...lineItems!.columns,
            { key: 'discount', label: 'Discount', type: 'currency' },
          ],
        },
      ],
      agentsEnabled: { extract: true, data_entry: true, recon: true },
    });
    const document = await invoicePage(
      {
        heading: 'INVOICE',
        seller: ['Harbourside Timber Co.', '4 Quay Lane', 'Falmouth TR11 3HF'],
        details: [
          'Invoice Number: HT-5547',
          'Invoice Date: Apr 23, 2024',
          'Due Date: May 23, 2024',
        ],
        customer: ['Bill To:', 'Penrose Joinery', '27 Chapel Street', 'Truro TR1 2PY'],
        columns: DISCOUNT_COLUMNS,
        rows: [
          // 12 × 24.50 = 294.00, less 10% (29.40)
          ['Oak floorboards', '12', '24.50', '10%', '264.60'],
          // 8 × 6.75 = 54.00, less 5% (2.70)
          ['Skirting board', '8', '6.75', '5%', '51.30'],
          ['Wood glue', '2', '8.90', '', '17.80'],
        ],
        closing: [
          labelled('Subtotal:', '333.70'),
          labelled('VAT (20%):', '66.74'),
          labelled('Total (GBP):', '400.44', true),
        ],
      },
      'harbourside-HT-5547.pdf',
    );
    const record = await atReview(headers, typeId, document);

    expect(failures(record)).toEqual([]);
    expect(column(record, 'discount')).toEqual([10, 5, null]);
    expect(lineChecks(record)).toEqual([
      ['pass', 'Line 1: qty × unit price − discount 10% = amount'],
      ['pass', 'Line 2: qty × unit price − discount 5% = amount'],
      ['pass', 'Line 3: qty × unit price = amount'],
    ]);
    expect(statusOf(record, 'The lines add up to the subtotal')).toBe('pass');
    expect(column(record, 'amount')).toEqual([264.6, 51.3, 17.8]);
    expect(lineChanges(record).filter((change) => change.column !== 'discount')).toEqual([]);
  });
});

describe('unit prices printed rounded', () => {
  it('passes lines whose quantity × rounded price misses the amount by the rounding', async () => {
    const { headers } = await company(t.app);
    const document = await invoicePage(
      {
        heading: 'INVOICE',
        seller: ['Lantern Print Studio', '19 Mill Street', 'Kendal LA9 4QS'],
        details: ['Invoice Number: LP-0914', 'Invoice Date: Jun 3, 2024', 'Due Date: Jul 3, 2024'],
        customer: ['Bill To:', 'The Fell Bookshop', '3 Stricklandgate', 'Kendal LA9 4ND'],
        columns: ITEM_COLUMNS,
        rows: [
          // 10.00 for 3 is 3.333… a pack, 3 × 3.33 = 9.99
          ['Greeting cards, pack of 6', '3', '3.33', '10.00'],
          // 50.00 for 12 is 4.1666… each, 12 × 4.17 = 50.04
          ['Art postcards', '12', '4.17', '50.00'],
          // 10.00 for 7 is 1.4285… each, 7 × 1.43 = 10.01
          ['Kraft gift tags', '7', '1.43', '10.00'],
        ],
        closing: [
          labelled('Subtotal:', '70.00'),
          labelled('Tax (20%):', '14.00'),
          labelled('Total (GBP):', '84.00', true),
        ],
      },
      'lantern-LP-0914.pdf',
    );
    const record = await atReview(headers, await invoiceTypeWithAgents(headers), document);

    expect(failures(record)).toEqual([]);
    expect(lineChecks(record)).toEqual([
      ['pass', 'Line 1: qty × unit price = amount'],
      ['pass', 'Line 2: qty × unit price = amount'],
      ['pass', 'Line 3: qty × unit price = amount'],
    ]);
    expect(statusOf(record, 'The lines add up to the subtotal')).toBe('pass');
    expect(column(record, 'unit_price')).toEqual([3.33, 4.17, 1.43]);
    expect(column(record, 'amount')).toEqual([10, 50, 10]);
    expect(lineChanges(record)).toEqual([]);
    for (const row of record.extracted_data!.tables.line_items!.rows) {
      expect(row.unit_price?.confidence).toBeGreaterThanOrEqual(0.8);
      expect(row.amount?.confidence).toBeGreaterThanOrEqual(0.8);
    }
  });
});

describe('a totals table with net, tax and gross columns', () => {
  it('takes the gross as the total where the reading took the net, and the checks pass', async () => {
    const { headers } = await company(t.app);
    const document = await invoicePage(
      {
        heading: 'INVOICE',
        seller: ['Brightwater Pumps GmbH', 'Hafenstrasse 8', '20457 Hamburg'],
        details: [
          'Invoice Number: BW-2291',
          'Invoice Date: Feb 20, 2024',
          'Due Date: Mar 21, 2024',
        ],
        customer: ['Customer:', 'Elbmarsch Irrigation', 'Deichweg 14', '21629 Neu Wulmstorf'],
        columns: ITEM_COLUMNS,
        rows: [
          ['Pump impeller', '2', '35.00', '70.00'],
          ['Shaft seal kit', '1', '30.00', '30.00'],
        ],
        closing: [
          {
            cells: [
              { text: 'Net', x: 300 },
              { text: 'Tax', x: 390 },
              { text: 'Gross', x: 470 },
            ],
            bold: true,
          },
          {
            cells: [
              { text: '100.00', x: 300 },
              { text: '19.00', x: 390 },
              { text: '119.00', x: 470 },
            ],
          },
        ],
      },
      'brightwater-BW-2291.pdf',
    );
    const record = await atReview(headers, await invoiceTypeWithAgents(headers), document);

    expect(field(record, 'total').value).toBe(119);
    expect(field(record, 'total').confidence).toBeGreaterThanOrEqual(0.8);
    expect(field(record, 'subtotal').value).toBe(100);
    expect(field(record, 'tax').value).toBe(19);
    const totalChange = record.agent_report?.data_entry?.changes.find((c) => c.field === 'total');
    expect(totalChange).toMatchObject({
      old: 100,
      new: 119,
      reason:
        '100.00 is the net column of the totals table ("Net" 100.00 + "Tax" 19.00 = "Gross" 119.00): the total is the gross',
    });
    expect(failures(record)).toEqual([]);
    expect(
      statusOf(
        record,
        'Total is the gross of the totals table: "Net" 100.00 + "Tax" 19.00 = "Gross" 119.00',
      ),
    ).toBe('pass');
    expect(statusOf(record, 'Subtotal + tax = total')).toBe('pass');
    expect(statusOf(record, 'The lines add up to the subtotal')).toBe('pass');
  });

  it('reads a French invoice whose totals print HT, TVA and TTC: the total is the TTC', async () => {
    const { headers } = await company(t.app);
    const document = await invoicePage(
      {
        heading: 'FACTURE',
        seller: ['Atelier Lumière SARL', '12 rue des Tanneurs', '69001 Lyon'],
        details: ['Facture N° : AL-2024-118', 'Date : 15/03/2024', 'Échéance : 14/04/2024'],
        customer: ['Client :', 'Hôtel des Célestins', '4 rue des Archers', '69002 Lyon'],
        columns: [
          { text: 'Désignation', x: 50 },
          { text: 'Qté', x: 300 },
          { text: 'P.U. HT', x: 370 },
          { text: 'Montant HT', x: 470 },
        ],
        rows: [
          ['Lampe de bureau', '2', '45,00', '90,00'],
          ['Abat-jour en lin', '1', '30,00', '30,00'],
        ],
        closing: [
          {
            cells: [
              { text: 'TOTAL HT', x: 300 },
              { text: 'TOTAL TVA', x: 390 },
              { text: 'TOTAL TTC', x: 470 },
            ],
            bold: true,
          },
          {
            cells: [
              { text: '120,00', x: 300 },
              { text: '24,00', x: 390 },
              { text: '144,00', x: 470 },
            ],
          },
        ],
      },
      'atelier-lumiere-AL-2024-118.pdf',
    );
    const record = await atReview(headers, await invoiceTypeWithAgents(headers), document);

    expect(field(record, 'total').value).toBe(144);
    expect(field(record, 'total').confidence).toBeGreaterThanOrEqual(0.8);
    expect(field(record, 'subtotal').value).toBe(120);
    expect(field(record, 'tax').value).toBe(24);
    expect(failures(record)).toEqual([]);
    expect(
      statusOf(
        record,
        'Total is the gross of the totals table: "TOTAL HT" 120.00 + "TOTAL TVA" 24.00 = "TOTAL TTC" 144.00',
      ),
    ).toBe('pass');
    expect(statusOf(record, 'Subtotal + tax = total')).toBe('pass');
    expect(column(record, 'amount')).toEqual([90, 30]);
  });
});

describe('an item line missing from the lines read', () => {
  it('blames the lines, not the subtotal, tax and total that agree among themselves', async () => {
    const { headers } = await company(t.app);
    // The closing figures cover three lines; the third (1 × 89.00) is not printed on the page.
    const document = await invoicePage(
      {
        heading: 'INVOICE',
        seller: ['Fernbrook Garden Centre', '2 Orchard Way', 'Hereford HR1 2LT'],
        details: ['Invoice Number: FG-7702', 'Invoice Date: May 2, 2024', 'Due Date: Jun 1, 2024'],
        customer: ['Bill To:', 'Wyeside Landscapes', '11 Bridge Street', 'Hereford HR4 9DG'],
        columns: ITEM_COLUMNS,
        rows: [
          ['Terracotta planters', '6', '7.50', '45.00'],
          ['Bark mulch, 50 L', '3', '12.20', '36.60'],
        ],
        closing: [
          labelled('Subtotal:', '170.60'),
          labelled('Tax (10%):', '17.06'),
          labelled('Total (GBP):', '187.66', true),
        ],
      },
      'fernbrook-FG-7702.pdf',
    );
    const record = await atReview(headers, await invoiceTypeWithAgents(headers), document);

    expect(column(record, 'amount')).toEqual([45, 36.6]);
    const [failed, ...others] = failures(record);
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ kind: 'arithmetic', status: 'fail' });
    expect(failed?.message).toBe(
      'The lines add up to the subtotal does not hold: off by 89.00. The closing figures agree: ' +
        'subtotal + tax = total (170.60 + 17.06 = 187.66); the lines come 89.00 short: a line is ' +
        'missing or misread, or a charge on the whole document was not read. Check the item lines.',
    );
    // The check names the lines alone: the review marks them, not the closing figures.
    expect(failed?.fields).toEqual([
      { table: 'line_items', row: 0, column: 'amount' },
      { table: 'line_items', row: 1, column: 'amount' },
    ]);
    expect(failed?.suspect).toBeUndefined();
    for (const row of record.extracted_data!.tables.line_items!.rows)
      expect(row.amount?.confidence).toBeLessThan(0.8);

    // Subtotal, tax and total keep their values and confidence, and no failed check names them.
    expect(field(record, 'subtotal')).toMatchObject({ value: 170.6 });
    expect(field(record, 'tax')).toMatchObject({ value: 17.06 });
    expect(field(record, 'total')).toMatchObject({ value: 187.66 });
    for (const key of ['subtotal', 'tax', 'total'])
      expect(field(record, key).confidence).toBeGreaterThanOrEqual(0.8);
    const blamed = failures(record).flatMap((check) => check.fields.map((ref) => ref.field));
    expect(blamed.filter((key) => key !== undefined)).toEqual([]);
    expect(statusOf(record, 'Subtotal + tax = total')).toBe('pass');
  });
});
