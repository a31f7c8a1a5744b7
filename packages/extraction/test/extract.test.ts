import { describe, expect, it } from 'vitest';
import { PRESETS, type FieldDefinition } from '@parser/contracts';
import {
  classifyDocument,
  detectCurrency,
  extractBySchema,
  parseAmount,
  parseBoolean,
  parseDate,
  suggestSchema,
} from '../src/extract/index.js';
import { readDocument } from '../src/reading/index.js';
import { doc, page } from './extract-helpers.js';
import { twoColumnInvoicePdf } from './fixtures/generate.js';

const f = (key: string, label: string, type: FieldDefinition['type']): FieldDefinition => ({
  key,
  label,
  type,
});
const invoiceSchema = { fields: PRESETS.invoice.fields, tables: PRESETS.invoice.tables };

describe('typed parsing', () => {
  it('parses dates in common formats to ISO', () => {
    expect(parseDate('25/12/2018')).toBe('2018-12-25');
    expect(parseDate('12/25/2018')).toBe('2018-12-25');
    expect(parseDate('25-12-18')).toBe('2018-12-25');
    expect(parseDate('25.12.2018')).toBe('2018-12-25');
    expect(parseDate('25 Dec 2018')).toBe('2018-12-25');
    expect(parseDate('Dec 25, 2018')).toBe('2018-12-25');
    expect(parseDate('December 25th, 2018')).toBe('2018-12-25');
    expect(parseDate('2018-12-25')).toBe('2018-12-25');
    expect(parseDate('19 april 2014')).toBe('2014-04-19');
    // the first of the month written as an ordinal
    expect(parseDate('1er novembre 2025')).toBe('2025-11-01');
    expect(parseDate('ler avril 2024')).toBe('2024-04-01');
    // a year split after its century; a two-figure year before a time stays as it is
    expect(parseDate('Rechnungsdatum 12.03.20 24')).toBe('2024-03-12');
    expect(parseDate('01/02/20 15:30')).toBe('2020-02-01');
    expect(parseDate('1º de maio de 2024')).toBe('2024-05-01');
    expect(parseDate('1° marzo 2023')).toBe('2023-03-01');
    expect(parseDate('03/04/2018', 'dmy')).toBe('2018-04-03');
    expect(parseDate('03/04/2018', 'mdy')).toBe('2018-03-04');
    expect(parseDate('31/02/2018')).toBeNull();
    expect(parseDate('no date here')).toBeNull();
  });

  it('parses amounts with either decimal mark, thousands separators and currency marks', () => {
    expect(parseAmount('1,234.56')).toBe(1234.56);
    expect(parseAmount('1.234,56')).toBe(1234.56);
    expect(parseAmount('RM 12.30')).toBe(12.3);
    expect(parseAmount('$8.20')).toBe(8.2);
    expect(parseAmount('€ 399,00')).toBe(399);
    expect(parseAmount('£1,000')).toBe(1000);
    expect(parseAmount('USD 2,500.00')).toBe(2500);
    expect(parseAmount('12,30 EUR')).toBe(12.3);
    expect(parseAmount('abc')).toBeNull();
  });

  it('parses booleans and detects currencies', () => {
    expect(parseBoolean('Yes')).toBe(true);
    expect(parseBoolean('no')).toBe(false);
    expect(parseBoolean('maybe')).toBeNull();
    expect(detectCurrency('Total RM 12.30')).toBe('MYR');
    expect(detectCurrency('Totaal € 717,97')).toBe('EUR');
    expect(detectCurrency('Amount due USD 4.11')).toBe('USD');
    expect(detectCurrency('Total £ 5.00')).toBe('GBP');
  });

  it('reads a dollar by the country printed before its sign, a bare one as the US dollar', () => {
    expect(detectCurrency('GST (10%): 2,834.00\nInvoice Total: A$31,174.04')).toBe('AUD');
    expect(detectCurrency('Total AU$ 120.00')).toBe('AUD');
    expect(detectCurrency('Total NZ$ 90.00')).toBe('NZD');
    expect(detectCurrency('Total HK$1,200.00')).toBe('HKD');
    expect(detectCurrency('Total S$ 18.50')).toBe('SGD');
    expect(detectCurrency('Amount due C$ 75.20')).toBe('CAD');
    expect(detectCurrency('Balance due $1,234.50')).toBe('USD');
  });
});

describe('extractBySchema: fields', () => {
  it('finds values right of label synonyms and types them', () => {
    const d = doc(
      page([
        'ACME Supplies Ltd',
        'Inv #:  INV-2024-0042',
        'Invoice date:   03/15/2024',
        'P.O. Number:  PO-778',
        'Balance due      $1,234.50',
      ]),
    );
    const r = extractBySchema(d, {
      fields: [
        f('invoice_number', 'Invoice Number', 'string'),
        f('invoice_date', 'Invoice Date', 'date'),
        f('po_number', 'PO Number', 'string'),
        f('total', 'Total', 'currency'),
      ],
      tables: [],
    });
    expect(r.fields.invoice_number?.value).toBe('INV-2024-0042');
    expect(r.fields.invoice_date?.value).toBe('2024-03-15');
    expect(r.fields.po_number?.value).toBe('PO-778');
    expect(r.fields.total?.value).toBe(1234.5);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
    expect(r.fields.total?.source?.page).toBe(1);
  });

  it('matches labels fuzzily (OCR slips) and reads values printed below the label', () => {
    const d = doc(
      page([
        ['Invoice Numbr', 20, 20],
        ['A-99812', 20, 40],
        ['Date', 300, 20],
        ['25 Dec 2018', 300, 40],
      ]),
    );
    const r = extractBySchema(d, {
      fields: [f('invoice_number', 'Invoice Number', 'string'), f('date', 'Date', 'date')],
      tables: [],
    });
    expect(r.fields.invoice_number?.value).toBe('A-99812');
    expect(r.fields.date?.value).toBe('2018-12-25');
  });

  it('takes the receipt total nearest the end, not the subtotal, quantity or rounding', () => {
    const d = doc(
      page([
        'KEDAI ABC SDN BHD',
        'NO 12, JALAN BESAR,',
        '81100 JOHOR BAHRU',
        'TEL: 07-1234567',
        'Date: 25/12/2018 13:39',
        'Sub Total          10.00',
        'Total Qty           3',
        'GST 6%              0.60',
        'Rounding Adj        0.00',
        'Total (RM):        10.60',
        'Cash               50.00',
        'Change             39.40',
      ]),
    );
    const r = extractBySchema(d, {
      fields: [
        f('company', 'Company', 'string'),
        f('address', 'Address', 'string'),
        f('date', 'Date', 'date'),
        f('subtotal', 'Subtotal', 'currency'),
        f('total', 'Total', 'currency'),
      ],
      tables: [],
    });
    expect(r.fields.total?.value).toBe(10.6);
    expect(r.fields.subtotal?.value).toBe(10);
    expect(r.fields.date?.value).toBe('2018-12-25');
    expect(r.fields.company?.value).toBe('KEDAI ABC SDN BHD');
    expect(r.fields.address?.value).toBe('NO 12, JALAN BESAR, 81100 JOHOR BAHRU');
  });

  it('takes the vendor as the first prominent line, skipping document titles', () => {
    const d = doc(page(['TAX INVOICE', 'Green Leaf Cafe', '21 Market Street', 'Total 5.00']));
    const r = extractBySchema(d, { fields: [f('merchant', 'Merchant', 'string')], tables: [] });
    expect(r.fields.merchant?.value).toBe('Green Leaf Cafe');
  });

  it("keeps the seller's column when the invoice details share its lines on the right", async () => {
    const d = await readDocument(await twoColumnInvoicePdf(), 'invoice.pdf');
    const r = extractBySchema(d, invoiceSchema);
    expect(r.fields.vendor_name?.value).toBe('Acme Supplies Ltd');
    // The highlight covers the name, not the invoice number beside it.
    const box = r.fields.vendor_name?.source?.box;
    expect(box?.[2]).toBeLessThan(d.pages[0]!.width / 2);
  });

  it.each([
    ['de', ['Rechnung Nr. 2024-118', 'Rechnungsdatum 15.03.2024', 'Ihre Bestellung   4500012345']],
    [
      'fr',
      ['Facture n° F-2231', 'Date de facture 15/03/2024', 'Bon de commande   BC-7781', 'TVA 20%'],
    ],
    ['es', ['Factura Nº 7', 'Fecha de factura 15/03/2024', 'Su pedido   PED-2290']],
    ['it', ['Fattura n. 7', 'Data fattura 15/03/2024', 'Vostro ordine   ORD-5512', 'IVA 22%']],
    ['nl', ['Factuurnummer 993', 'Factuurdatum 15-03-2024', 'Inkoopordernummer   IO-3001']],
    ['pt', ['Fatura Nº 7', 'Data de emissão 15/03/2024', 'Nota de encomenda   NE-0042']],
  ])("reads the buyer's order number of a %s invoice as its PO number", (_language, lines) => {
    const r = extractBySchema(doc(page(lines)), {
      fields: [f('po_number', 'PO Number', 'string')],
      tables: [],
    });
    const printed = lines[2]!.split(/ {3}/)[1];
    expect(r.fields.po_number?.value).toBe(printed);
  });

  it('returns null with confidence 0 when nothing is found', () => {
    const d = doc(page(['Hello world']));
    const r = extractBySchema(d, {
      fields: [f('due_date', 'Due Date', 'date'), f('po_number', 'PO Number', 'string')],
      tables: [],
    });
    expect(r.fields.due_date).toEqual({ value: null, confidence: 0, source: null });
    expect(r.fields.po_number?.value).toBeNull();
  });

  it('reads comma-decimal amounts and detects the currency field', () => {
    const d = doc(
      page(['Factuurnummer:  993548900', 'Factuurdatum: 19 april 2014', 'Totaal     € 1.717,97']),
    );
    const r = extractBySchema(d, {
      fields: [
        f('invoice_number', 'Invoice Number', 'string'),
        f('date', 'Date', 'date'),
        f('amount', 'Total Amount', 'currency'),
        f('currency', 'Currency', 'string'),
      ],
      tables: [],
    });
    expect(r.fields.invoice_number?.value).toBe('993548900');
    expect(r.fields.date?.value).toBe('2014-04-19');
    expect(r.fields.amount?.value).toBe(1717.97);
    expect(r.fields.currency?.value).toBe('EUR');
  });
});

const INVOICE = page([
  ['Bright Widgets Inc.', 20, 20],
  ['100 Main Street, Springfield', 20, 40],
  ['Invoice No: 10045', 380, 80],
  ['Invoice Date: 2024-02-01', 380, 100],
  ['Due Date: 2024-03-02', 380, 120],
  ['Bill To: Jane Doe', 20, 120],
  ['Description                      Qty      Unit Price      Amount', 20, 180],
  ['Widget, large blue               2        10.00           20.00', 20, 200],
  ['Gadget with extended             1        5.50            5.50', 20, 220],
  ['warranty and cable', 20, 240],
  ['Service fee                      3        1,000.00        3,000.00', 20, 260],
  ['Subtotal                                                  3,025.50', 20, 300],
  ['Tax                                                       0.00', 20, 320],
  ['Total                                                     3,025.50', 20, 340],
]);

describe('extractBySchema: tables', () => {
  it('reads line items with a multi-line description and stops at the totals', () => {
    const r = extractBySchema(doc(INVOICE), invoiceSchema);
    const rows = r.tables.line_items?.rows ?? [];
    expect(rows).toHaveLength(3);
    expect(rows[0]?.description?.value).toBe('Widget, large blue');
    expect(rows[0]?.qty?.value).toBe(2);
    expect(rows[0]?.unit_price?.value).toBe(10);
    expect(rows[0]?.amount?.value).toBe(20);
    expect(rows[1]?.description?.value).toBe('Gadget with extended warranty and cable');
    expect(rows[2]?.amount?.value).toBe(3000);
    expect(r.fields.total?.value).toBe(3025.5);
    expect(r.fields.invoice_number?.value).toBe('10045');
    expect(r.fields.invoice_date?.value).toBe('2024-02-01');
    expect(r.fields.due_date?.value).toBe('2024-03-02');
    expect(r.fields.bill_to?.value).toBe('Jane Doe');
  });

  it('uses source tables of Word documents', () => {
    const p = page(['Invoice No: 7']);
    p.tables = [
      {
        rows: [
          ['Item', 'Quantity', 'Price', 'Total'],
          ['Pens', '10', '1.20', '12.00'],
        ],
      },
    ];
    const r = extractBySchema({ ...doc(p), format: 'docx' }, invoiceSchema);
    expect(r.tables.line_items?.rows[0]?.description?.value).toBe('Pens');
    expect(r.tables.line_items?.rows[0]?.qty?.value).toBe(10);
    expect(r.tables.line_items?.rows[0]?.amount?.value).toBe(12);
  });
});

describe('suggestSchema', () => {
  it('finds invoice number, date, total and the line-items table on an invoice', () => {
    const s = suggestSchema(doc(INVOICE));
    const byKey = new Map(s.fields.map((x) => [x.key, x]));
    expect(byKey.get('invoice_number')?.label).toBe('Invoice No');
    expect(byKey.get('invoice_date')?.type).toBe('date');
    expect(byKey.get('total')?.type).toBe('currency');
    for (const x of s.fields) {
      expect(x.key).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(x.extracted).toBe(true);
    }
    expect(new Set(s.fields.map((x) => x.key)).size).toBe(s.fields.length);
    const t = s.tables[0];
    expect(t?.key).toBe('line_items');
    expect(t?.extracted).toBe(true);
    expect(t?.columns.map((c) => c.label)).toEqual(['Description', 'Qty', 'Unit Price', 'Amount']);
    expect(t?.columns.map((c) => c.type)).toEqual(['string', 'number', 'currency', 'currency']);
  });
});

describe('classifyDocument', () => {
  const types = [
    { id: 'inv', name: 'Invoice', fields: PRESETS.invoice.fields, tables: PRESETS.invoice.tables },
    { id: 'rec', name: 'Receipt', fields: PRESETS.receipt.fields, tables: PRESETS.receipt.tables },
  ];

  it('chooses invoice for an invoice and explains why', () => {
    const c = classifyDocument(doc(INVOICE), types);
    expect(c.typeId).toBe('inv');
    expect(c.reason).toMatch(/^Matched \d+ of \d+ fields of 'Invoice' \(/);
    expect(c.scores).toHaveLength(2);
  });

  it('chooses receipt for a till receipt', () => {
    const r = doc(
      page([
        'CORNER MART',
        'Receipt',
        'Date: 01/02/2024',
        'Item   Qty   Price',
        'Milk   1   2.50',
        'Subtotal   2.50',
        'Tax 0.00',
        'Total   2.50',
        'Payment method: Cash',
      ]),
    );
    expect(classifyDocument(r, types).typeId).toBe('rec');
  });

  it('names the words the page prints for each type, leaving out words inside a sentence', () => {
    const c = classifyDocument(
      doc(
        page([
          'Rechnung',
          'Rechnungsnummer: R-5531',
          'Rechnungsdatum: 03.02.2024',
          'Fällig am: 03.03.2024',
          'Gesamtbetrag 119,00',
          'Ware in good order erhalten',
        ]),
      ),
      types,
    );
    const invoice = c.scores.find((s) => s.typeId === 'inv');
    expect(invoice?.evidence).toEqual(
      expect.arrayContaining(['Rechnungsdatum', 'Fällig am', 'Gesamtbetrag']),
    );
    expect(invoice?.matched).not.toContain('po number');
    expect(invoice?.evidence.length).toBe(invoice?.matched.length);
  });

  it('says when no type matches', () => {
    const c = classifyDocument(doc(page(['Dear Sir', 'Thank you for your letter'])), types);
    expect(c.typeId).toBeNull();
    expect(c.reason).toBe('No document type matches: none of the expected labels were found');
  });
});

describe('receipt rules', () => {
  it('reads the company above the address, fixing OCR confusions in its suffix', () => {
    const d = doc(
      page([
        'tan woon yann',
        'BOOK TA .K (TAMAN DAYA) SDN 8HD',
        'NO.53 JALAN SAGU 18,',
        '81100 JOHOR BAHRU',
        'TEL: 07-3507405',
        'Owned By :',
        'OTHER HOLDINGS SDN BHD',
      ]),
    );
    const r = extractBySchema(d, {
      fields: [
        { key: 'company', label: 'Company', type: 'string' },
        { key: 'address', label: 'Address', type: 'string' },
      ],
      tables: [],
    });
    expect(r.fields.company?.value).toBe('BOOK TA .K (TAMAN DAYA) SDN BHD');
    expect(r.fields.address?.value).toBe('NO.53 JALAN SAGU 18, 81100 JOHOR BAHRU');
  });

  it('prefers the first line when the legal-entity line comes after the address', () => {
    const d = doc(
      page([
        'SANYU STATIONERY SHOP',
        'NO. 31G, JALAN SETIA 5',
        'Owned By :',
        'SANYU SUPPLY SDN BHD',
      ]),
    );
    const r = extractBySchema(d, {
      fields: [{ key: 'company', label: 'Company', type: 'string' }],
      tables: [],
    });
    expect(r.fields.company?.value).toBe('SANYU STATIONERY SHOP');
  });

  it('skips registration lines before the address', () => {
    const d = doc(
      page([
        'MR. D.1.Y. (M) SDN BHD',
        '(CO Reg : 750441-W)',
        'LOT 1851-A, JALAN KPB 6',
        'GST ID: 000473792512',
      ]),
    );
    const r = extractBySchema(d, {
      fields: [
        { key: 'company', label: 'Company', type: 'string' },
        { key: 'address', label: 'Address', type: 'string' },
      ],
      tables: [],
    });
    expect(r.fields.company?.value).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(r.fields.address?.value).toBe('LOT 1851-A, JALAN KPB 6');
  });

  it('settles disagreeing totals with cash minus change, and reads split decimals', () => {
    const d = doc(
      page([
        'Total Sales Inclusive GST   14.90',
        'Total   14.20',
        'Final Total   4.90',
        'CASH   20.00',
        'CHANGE   5.10',
      ]),
    );
    const r = extractBySchema(d, {
      fields: [{ key: 'total', label: 'Total', type: 'currency' }],
      tables: [],
    });
    expect(r.fields.total?.value).toBe(14.9);
    const d2 = doc(page(['TOTAL:   4. 80', 'Total Sales   RM8 60']));
    const r2 = extractBySchema(d2, {
      fields: [{ key: 'total', label: 'Total', type: 'currency' }],
      tables: [],
    });
    expect(r2.fields.total?.value).toBe(8.6);
  });

  it('reads dates whose second separator OCR lost', () => {
    expect(parseDate('Date + 09- 06 2018 16:00:43')).toBe('2018-06-09');
  });
});
