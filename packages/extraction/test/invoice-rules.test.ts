import type { FieldDefinition } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { extractBySchema, readDocument } from '../src/index.js';
import { laidOutPdf, rowsAt, type Placed } from './fixtures/laid-out-pdf.js';

const field = (
  key: string,
  label: string,
  type: FieldDefinition['type'],
  aliases?: string[],
): FieldDefinition => ({ key, label, type, ...(aliases ? { aliases } : {}) });

const INVOICE = {
  fields: [
    field('invoice_number', 'Invoice Number', 'string'),
    field('invoice_date', 'Invoice Date', 'date'),
    field('due_date', 'Due Date', 'date'),
    field('vendor_name', 'Vendor', 'string'),
    field('subtotal', 'Subtotal', 'currency'),
    field('tax', 'Tax', 'currency'),
    field('total', 'Total', 'currency'),
  ],
  tables: [],
};

async function extract(pages: Placed[][], schema = INVOICE) {
  const doc = await readDocument(await laidOutPdf(pages), 'invoice.pdf');
  return extractBySchema(doc, schema).fields;
}

describe('a German invoice', () => {
  it('reads its number, date, amounts with decimal commas, currency and issuer', async () => {
    const f = await extract([
      [
        { text: 'Musterfirma GmbH', x: 40, y: 40, bold: true, size: 16 },
        { text: 'Hauptstraße 12, 10115 Berlin', x: 40, y: 62 },
        { text: 'Rechnungsempfänger:', x: 40, y: 120, bold: true },
        { text: 'Kunde AG', x: 40, y: 136 },
        { text: 'Beispielweg 3, 80331 München', x: 40, y: 152 },
        { text: 'Rechnung', x: 340, y: 40, bold: true, size: 16 },
        ...rowsAt(
          [
            ['Rechnungsnummer:', 'RE-2024-0815'],
            ['Rechnungsdatum', '15.03.2024'],
            ['Fällig am', '14.04.2024'],
          ],
          [340, 450],
          120,
        ),
        ...rowsAt(
          [
            ['Beschreibung', 'Menge', 'Betrag'],
            ['Beratung', '8', '960,00 €'],
            ['Reisekosten', '1', '77,44 €'],
          ],
          [40, 300, 450],
          220,
        ),
        ...rowsAt(
          [
            ['Zwischensumme', '1.037,44 €'],
            ['MwSt 19%', '197,12 €'],
            ['Gesamtbetrag', '1.234,56 €'],
          ],
          [300, 450],
          300,
        ),
      ],
    ]);
    expect(f.invoice_number?.value).toBe('RE-2024-0815');
    expect(f.invoice_date?.value).toBe('2024-03-15');
    expect(f.due_date?.value).toBe('2024-04-14');
    expect(f.total?.value).toBe(1234.56);
    expect(f.total?.currency).toBe('EUR');
    expect(f.subtotal?.value).toBe(1037.44);
    expect(f.tax?.value).toBe(197.12);
    expect(f.vendor_name?.value).toBe('Musterfirma GmbH');
  });
});

/** The recipient block's label in each language, with two words of that language beside it. */
const RECIPIENT_BLOCKS: [language: string, label: string, title: string, totalLabel: string][] = [
  ['English', 'Bill To:', 'Invoice', 'Amount Due'],
  ['German', 'Rechnungsempfänger:', 'Rechnung', 'Gesamtbetrag'],
  ['French', 'Facturer à :', 'Facture', 'Total TTC'],
  ['Dutch', 'Factuuradres:', 'Factuur', 'Totaal te betalen'],
  ['Spanish', 'Facturar a:', 'Factura', 'Importe total'],
  ['Italian', 'Fatturare a:', 'Fattura', 'Totale da pagare'],
  ['Portuguese', 'Faturar a:', 'Fatura', 'Total a pagar'],
];

describe('the vendor', () => {
  it.each(RECIPIENT_BLOCKS)(
    'is never the %s recipient block, even printed above the issuer',
    async (_language, label, title, totalLabel) => {
      const f = await extract([
        [
          { text: title, x: 40, y: 40, bold: true, size: 18 },
          { text: label, x: 40, y: 90, bold: true },
          { text: 'Globex Trading Ltd', x: 40, y: 106 },
          { text: '1 Market Square', x: 40, y: 122 },
          { text: 'Initech Solutions Ltd', x: 340, y: 90, bold: true, size: 14 },
          { text: '42 Harbour Road', x: 340, y: 110 },
          { text: 'IBAN DE89 3704 0044 0532 0130 00', x: 340, y: 126 },
          ...rowsAt([[totalLabel, '€ 250,00']], [300, 450], 300),
        ],
      ]);
      expect(f.vendor_name?.value).toBe('Initech Solutions Ltd');
      expect(f.total?.value).toBe(250);
    },
  );
});

describe('tax and net amounts', () => {
  it('takes the tax figure of a tax row that also prints its rate and base, never the net amount', async () => {
    const f = await extract([
      [
        { text: 'Northwind Supplies Ltd', x: 40, y: 40, bold: true, size: 14 },
        ...rowsAt(
          [
            ['Net amount', '', '400.00'],
            ['VAT 20% on', '400.00', '80.00'],
            ['Total', '', '480.00'],
          ],
          [300, 400, 480],
          200,
        ),
      ],
    ]);
    expect(f.subtotal?.value).toBe(400);
    expect(f.tax?.value).toBe(80);
    expect(f.total?.value).toBe(480);
    expect(f.tax?.confidence).toBeGreaterThan(0);
  });

  it('keeps a total the arithmetic contradicts out of the confident band', async () => {
    const f = await extract([
      [
        { text: 'Northwind Supplies Ltd', x: 40, y: 40, bold: true, size: 14 },
        ...rowsAt(
          [
            ['Subtotal', '400.00'],
            ['VAT', '80.00'],
            ['Total', '530.00'],
          ],
          [300, 480],
          200,
        ),
      ],
    ]);
    expect(f.total?.value).toBe(530);
    expect(f.total?.confidence).toBeLessThan(0.8);
  });
});

describe('day and month order', () => {
  it('reads an ambiguous date day-first when another date of the document can only be day-first', async () => {
    const f = await extract([
      [
        { text: 'Northwind Supplies Ltd', x: 40, y: 40, bold: true, size: 14 },
        ...rowsAt(
          [
            ['Invoice Date:', '03/04/2024'],
            ['Due Date:', '25/04/2024'],
          ],
          [340, 450],
          100,
        ),
      ],
    ]);
    expect(f.invoice_date?.value).toBe('2024-04-03');
  });

  it('reads it month-first when the other date can only be month-first', async () => {
    const f = await extract([
      [
        { text: 'Northwind Supplies Ltd', x: 40, y: 40, bold: true, size: 14 },
        ...rowsAt(
          [
            ['Invoice Date:', '03/04/2024'],
            ['Due Date:', '04/25/2024'],
          ],
          [340, 450],
          100,
        ),
      ],
    ]);
    expect(f.invoice_date?.value).toBe('2024-03-04');
  });

  it('turns the order round when the other reading would put the invoice after its due date', async () => {
    const f = await extract([
      [
        { text: 'Northwind Supplies Inc', x: 40, y: 40, bold: true, size: 14 },
        ...rowsAt(
          [
            ['Invoice Date:', '12/03/2024'],
            ['Due Date:', '01/04/2024'],
            ['Amount Due', '$1,200.00'],
          ],
          [340, 450],
          100,
        ),
      ],
    ]);
    expect(f.invoice_date?.value).toBe('2024-03-12');
    expect(f.due_date?.value).toBe('2024-04-01');
  });
});

describe('identifiers', () => {
  it('never takes a money figure or a date after an invoice label as the invoice number', async () => {
    const f = await extract([
      [
        { text: 'Northwind Supplies Ltd', x: 40, y: 40, bold: true, size: 14 },
        ...rowsAt(
          [
            ['Invoice', '€ 1.250,00'],
            ['Invoice', '12.03.2024'],
            ['Reference No:', 'NW-4471'],
          ],
          [340, 450],
          100,
        ),
      ],
    ]);
    expect(f.invoice_number?.value).toBe('NW-4471');
  });
});

describe("the type's own words", () => {
  it('finds a field by an alias label the engine does not know', async () => {
    const schema = {
      fields: [field('booking_code', 'Booking code', 'string', ['Buchungszeichen'])],
      tables: [],
    };
    const pages = [
      [
        { text: 'Northwind GmbH', x: 40, y: 40, bold: true, size: 14 },
        ...rowsAt([['Buchungszeichen:', 'BZ-2024-99']], [340, 450], 100),
      ],
    ];
    expect((await extract(pages, schema)).booking_code?.value).toBe('BZ-2024-99');
    const without = { fields: [field('booking_code', 'Booking code', 'string')], tables: [] };
    expect((await extract(pages, without)).booking_code?.value).toBeNull();
  });
});
