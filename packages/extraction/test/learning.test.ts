import type { FieldDefinition } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { extractBySchema } from '../src/extract/index.js';
import {
  applyHints,
  hintExamples,
  hintsFrom,
  identifyVendor,
  lessonFrom,
  MAX_STRENGTH,
  teach,
  vendorFingerprint,
  NO_HINTS,
  type Lesson,
} from '../src/learning/index.js';
import { doc, page } from './extract-helpers.js';

const FIELDS: FieldDefinition[] = [
  { key: 'vendor_name', label: 'Vendor Name', type: 'string' },
  { key: 'invoice_number', label: 'Invoice Number', type: 'string' },
  { key: 'invoice_date', label: 'Invoice Date', type: 'date' },
  { key: 'total', label: 'Total', type: 'currency' },
];
const SCHEMA = { fields: FIELDS, tables: [] };

/** An invoice of one vendor's layout: its number after "Doc Ref", its date under "Dated". */
const invoice = (number: string, date: string, total: string) =>
  doc(
    page([
      ['Kestrel Tooling GmbH', 20, 20],
      ['VAT ID DE123456789', 20, 40],
      ['Doc Ref   ' + number, 300, 60],
      ['Dated', 300, 80],
      [date, 300, 95],
      ['Bill to:', 20, 140],
      ['Northwind Trading Ltd', 20, 160],
      ['VAT GB987654321', 20, 180],
      ['Payable sum   ' + total, 300, 300],
      ['IBAN DE89 3704 0044 0532 0130 00', 20, 700],
    ]),
  );

describe('vendorFingerprint', () => {
  it("keys a vendor by its VAT id, IBAN and name, never the buyer's VAT id", () => {
    const print = vendorFingerprint(invoice('A-1', '03/14/2024', '10.00'));
    expect(print.keys).toEqual(
      expect.arrayContaining([
        'tax:DE123456789',
        'iban:DE89370400440532013000',
        'name:kestrel tooling',
      ]),
    );
    expect(print.keys).not.toContain('tax:GB987654321');
    expect(print.name).toBe('Kestrel Tooling GmbH');
  });

  it('ignores an IBAN whose check digits are wrong', () => {
    const wrong = doc(page(['Acme Supplies Ltd', 'IBAN DE88 3704 0044 0532 0130 00']));
    expect(vendorFingerprint(wrong).keys.some((k) => k.startsWith('iban:'))).toBe(false);
  });
});

describe('identifyVendor', () => {
  const known = [
    { id: 'kestrel', keys: ['tax:DE1', 'name:kestrel', 'tax:GB-BUYER'] },
    { id: 'harbor', keys: ['tax:NL2', 'name:harbor', 'tax:GB-BUYER'] },
  ];

  it('recognises a vendor by a key only it has', () => {
    expect(identifyVendor({ keys: ['tax:DE1', 'tax:GB-BUYER'] }, known)).toBe('kestrel');
  });

  it('does not take a key every vendor shares (the buyer’s own id) for a vendor', () => {
    expect(identifyVendor({ keys: ['tax:GB-BUYER'] }, known)).toBeNull();
  });

  it('does not take a namesake with other tax ids for the vendor', () => {
    expect(identifyVendor({ keys: ['name:kestrel', 'tax:FR9'] }, known)).toBeNull();
  });
});

describe('teach', () => {
  const seen = (label: string): Lesson => ({
    fields: [
      {
        field: 'po_number',
        label,
        place: 'right',
        page: 1,
        at: [0.5, 0.1, 0.6, 0.12],
        labelAt: [0.4, 0.1, 0.48, 0.12],
      },
    ],
    columns: [],
  });

  it('strengthens a reading each document confirms, up to a cap', () => {
    const hints = hintsFrom([
      seen('Your order'),
      seen('Your order'),
      seen('Your order'),
      seen('Your order'),
    ]);
    expect(hints.fields.po_number).toHaveLength(1);
    expect(hints.fields.po_number?.[0]).toMatchObject({
      label: 'Your order',
      strength: MAX_STRENGTH,
    });
  });

  it('weakens a reading later corrections contradict, then drops it for theirs', () => {
    const taught = hintsFrom([seen('Your order'), seen('Your order')]);
    const weakened = teach(taught, seen('Client ref'));
    expect(weakened.fields.po_number?.[0]).toMatchObject({ label: 'Your order', strength: 1 });
    const retired = teach(weakened, seen('Client ref'));
    expect(retired.fields.po_number).toEqual([
      expect.objectContaining({ label: 'Client ref', strength: 2 }),
    ]);
  });

  it('starts from nothing', () => {
    expect(teach(NO_HINTS, { fields: [], columns: [] })).toEqual(NO_HINTS);
  });
});

describe('applyHints', () => {
  const truth = (number: string, date: string, total: number) => ({
    fields: {
      vendor_name: 'Kestrel Tooling GmbH',
      invoice_number: number,
      invoice_date: date,
      total,
    },
    tables: {},
  });

  it("reads a repeat vendor's unknown labels, positions and month-first dates as reviewers showed", () => {
    const first = invoice('RX-1001', '03/14/2024', '1250.00');
    const lesson = lessonFrom(first, SCHEMA, truth('RX-1001', '2024-03-14', 1250));
    expect(lesson.fields.find((f) => f.field === 'invoice_date')).toMatchObject({
      label: 'Dated',
      place: 'below',
      dateOrder: 'mdy',
    });

    // the next invoice's date reads either way: only the vendor's own order says which
    const second = invoice('RX-1002', '04/05/2024', '980.50');
    const general = extractBySchema(second, SCHEMA);
    expect(general.fields.invoice_date?.value).toBe('2024-05-04');
    const result = applyHints(second, SCHEMA, general, hintsFrom([lesson]));
    expect(result.fields.invoice_number).toMatchObject({ value: 'RX-1002', learned: true });
    expect(result.fields.invoice_date).toMatchObject({ value: '2024-04-05', learned: true });
    expect(result.fields.total).toMatchObject({ value: 980.5, learned: true });
  });

  it('is surer of a value the general rules also found than of one only the hint found', () => {
    const lessons = [1, 2].map((n) =>
      lessonFrom(
        invoice(`RX-${n}`, '03/14/2024', '10.00'),
        SCHEMA,
        truth(`RX-${n}`, '2024-03-14', 10),
      ),
    );
    const next = invoice('RX-3', '03/20/2024', '12.00');
    const general = extractBySchema(next, SCHEMA);
    const result = applyHints(next, SCHEMA, general, hintsFrom(lessons));
    expect(general.fields.vendor_name?.value).toBe('Kestrel Tooling GmbH');
    const agreed = result.fields.vendor_name!.confidence;
    expect(general.fields.invoice_number?.value).not.toBe('RX-3');
    const hintOnly = result.fields.invoice_number!;
    expect(hintOnly.value).toBe('RX-3');
    expect(hintOnly.confidence).toBeGreaterThanOrEqual(0.8);
    expect(hintOnly.confidence).toBeLessThan(agreed);
  });

  it('puts what it learned into plain sentences for a language model’s prompt', () => {
    const lesson = lessonFrom(
      invoice('RX-1', '03/14/2024', '10.00'),
      SCHEMA,
      truth('RX-1', '2024-03-14', 10),
    );
    expect(hintExamples(hintsFrom([lesson]))).toEqual(
      expect.arrayContaining([
        'invoice_number: printed right of the label "Doc Ref"',
        'invoice_date: printed under the label "Dated", dates written month before day',
      ]),
    );
  });

  it("never replaces a value an e-invoice's XML gave", () => {
    const lesson = lessonFrom(
      invoice('RX-1', '03/14/2024', '10.00'),
      SCHEMA,
      truth('RX-1', '2024-03-14', 10),
    );
    const next = invoice('RX-2', '04/05/2024', '980.50');
    const general = extractBySchema(next, SCHEMA);
    const fromXml = {
      ...general,
      fields: {
        ...general.fields,
        invoice_number: {
          value: 'XML-2',
          confidence: 1,
          source: null,
          origin: { kind: 'einvoice' as const, xpath: '/Invoice/cbc:ID' },
        },
      },
    };
    const result = applyHints(next, SCHEMA, fromXml, hintsFrom([lesson]));
    expect(result.fields.invoice_number).toEqual(fromXml.fields.invoice_number);
    expect(result.fields.total).toMatchObject({ value: 980.5, learned: true });
  });

  it('leaves the general value when the hint finds nothing where it looks', () => {
    const lesson = lessonFrom(
      invoice('RX-1', '03/14/2024', '10.00'),
      SCHEMA,
      truth('RX-1', '2024-03-14', 10),
    );
    const other = doc(page(['Kestrel Tooling GmbH', 'Invoice Number: Q-77', 'Total: 5.00']));
    const general = extractBySchema(other, SCHEMA);
    const result = applyHints(other, SCHEMA, general, hintsFrom([lesson]));
    expect(result.fields.invoice_number).toEqual(general.fields.invoice_number);
  });
});
