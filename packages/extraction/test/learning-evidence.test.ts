import type { FieldDefinition } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { extractBySchema } from '../src/extract/index.js';
import { applyHints, hintsFrom, lessonFrom, teach, type Lesson } from '../src/learning/index.js';
import { doc, page, type LineSpec } from './extract-helpers.js';

const RECEIPT: { fields: FieldDefinition[]; tables: [] } = {
  fields: [
    { key: 'company', label: 'Company', type: 'string' },
    { key: 'total', label: 'Total', type: 'currency' },
  ],
  tables: [],
};

/** A bakery's till receipt: its name alone on top, its registration number and street below. */
const receipt = (top: LineSpec[], total: string, items: LineSpec[] = []) =>
  doc(
    page([
      ...top,
      ['CASHIER 02   TERMINAL 7', 20, 140],
      ...items,
      [`TOTAL   ${total}`, 20, 300],
      ['THANK YOU PLEASE COME AGAIN', 20, 340],
    ]),
  );
const BAKERY_HEADER: LineSpec[] = [
  ['ROTI MURNI BAKERY SDN BHD', 20, 20],
  ['(556677-K)', 20, 40],
  ['LOT 12 JALAN KENANGA', 20, 60],
];
const bakeryTruth = (total: number) => ({
  fields: { company: 'ROTI MURNI BAKERY SDN BHD', total },
  tables: {},
});

describe('learning: a learned place reads over the engine only on the same evidence', () => {
  it('records how a value was written and, for a value alone, the words around it', () => {
    const lesson = lessonFrom(receipt(BAKERY_HEADER, '12.30'), RECEIPT, bakeryTruth(12.3));
    expect(lesson.fields.find((f) => f.field === 'company')).toMatchObject({
      place: 'page',
      evidence: {
        shapes: ['A A A A A'],
        nearby: ['556677k'],
      },
    });
    expect(lesson.fields.find((f) => f.field === 'total')).toMatchObject({
      label: 'TOTAL',
      evidence: { shapes: ['d2'], nearby: [] },
    });
  });

  it('does not read a name from a spot that now holds a line written otherwise (an address)', () => {
    const hints = hintsFrom([
      lessonFrom(receipt(BAKERY_HEADER, '12.30'), RECEIPT, bakeryTruth(12.3)),
    ]);
    // the next receipt prints its street where the name stood, the name under a new first line
    const next = receipt(
      [
        ['1851-A JALAN KPB 6', 20, 20],
        ['ROTI MURNI BAKERY SDN BHD', 20, 40],
        ['(556677-K)', 20, 60],
      ],
      '8.90',
    );
    const general = extractBySchema(next, RECEIPT);
    expect(general.fields.company?.value).toBe('ROTI MURNI BAKERY SDN BHD');
    const result = applyHints(next, RECEIPT, general, hints);
    expect(result.fields.company).toEqual(general.fields.company);
  });

  it('does not read a name from a spot that holds one written alike among other words', () => {
    const hints = hintsFrom([
      lessonFrom(receipt(BAKERY_HEADER, '12.30'), RECEIPT, bakeryTruth(12.3)),
    ]);
    // a branch prints the mall's name first: five capitalised words, but not among the bakery's
    const next = receipt(
      [
        ['SUNWAY PYRAMID MALL LEVEL TWO', 20, 20],
        ['LOT 2.14 PERSIARAN LAGOON', 20, 40],
        ['ROTI MURNI BAKERY SDN BHD', 20, 80],
        ['(556677-K)', 20, 100],
      ],
      '8.90',
    );
    const general = extractBySchema(next, RECEIPT);
    const result = applyHints(next, RECEIPT, general, hints);
    // the engine's reading stays as it was: not replaced, and not made surer by the spot either
    expect(result.fields.company).toEqual(general.fields.company);
    expect(result.fields.company?.learned).toBeUndefined();
  });

  it('leaves a total the engine read surely when the learned label stands before other figures too', () => {
    // the vendor's first receipt printed its total after "RM" alone
    const taught = receipt(BAKERY_HEADER, '', [['RM   12.30', 20, 260]]);
    const hints = hintsFrom([lessonFrom(taught, RECEIPT, bakeryTruth(12.3))]);
    expect(hints.fields.total?.[0]?.label).toBe('RM');
    // the next one labels its total and prints "RM" before the cash and the change as well
    const next = receipt(BAKERY_HEADER, '8.90', [
      ['CASH   RM   10.00', 20, 260],
      ['CHANGE   RM   1.10', 20, 280],
    ]);
    const general = extractBySchema(next, RECEIPT);
    expect(general.fields.total?.value).toBe(8.9);
    expect(general.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
    const result = applyHints(next, RECEIPT, general, hints);
    expect(result.fields.total?.value).toBe(8.9);
  });

  it('reads a value alone where it shows the same shape among the same words', () => {
    const schema = {
      fields: [{ key: 'invoice_number', label: 'Invoice Number', type: 'string' as const }],
      tables: [],
    };
    // the vendor prints its number alone, top right, beside its name
    const invoice = (number: string) =>
      doc(
        page([
          ['Kestrel Tooling GmbH', 20, 20],
          [number, 460, 20],
          ['Hafenweg 12, Bremen', 20, 40],
          ['Amount due   120.00', 300, 300],
        ]),
      );
    const hints = hintsFrom([
      lessonFrom(invoice('RX-1042'), schema, { fields: { invoice_number: 'RX-1042' }, tables: {} }),
    ]);
    const next = invoice('RX-1077');
    const general = extractBySchema(next, schema);
    expect(general.fields.invoice_number?.value).not.toBe('RX-1077');
    const result = applyHints(next, schema, general, hints);
    expect(result.fields.invoice_number).toMatchObject({ value: 'RX-1077', learned: true });
  });

  it('does not read an amount at a spot where a currency code stood', () => {
    const schema = {
      fields: [{ key: 'currency', label: 'Currency', type: 'string' as const }],
      tables: [],
    };
    const statement = (rows: LineSpec[]) =>
      doc(page([['Harbor Freight Labs', 20, 20], ...rows, ['Pay to IBAN below', 20, 400]]));
    const hints = hintsFrom([
      lessonFrom(statement([['EUR', 460, 200]]), schema, {
        fields: { currency: 'EUR' },
        tables: {},
      }),
    ]);
    const next = statement([
      ['Balance   100,00 EUR', 395, 200],
      ['Currency: EUR', 20, 240],
    ]);
    const general = extractBySchema(next, schema);
    expect(general.fields.currency?.value).toBe('EUR');
    const result = applyHints(next, schema, general, hints);
    expect(result.fields.currency?.value).toBe('EUR');
  });

  it('does not read a label’s value written otherwise (a count where an amount stood)', () => {
    const schema = {
      fields: [{ key: 'total', label: 'Total', type: 'currency' as const }],
      tables: [],
    };
    // the vendor's own word for its total, no rule knows it
    const slip = (due: string) =>
      doc(
        page([
          ['Quarry Print Oy', 20, 20],
          [`Settlement   ${due}`, 300, 200],
        ]),
      );
    const hints = hintsFrom([
      lessonFrom(slip('245.80'), schema, { fields: { total: 245.8 }, tables: {} }),
    ]);
    const same = slip('99.10');
    const read = applyHints(same, schema, extractBySchema(same, schema), hints);
    expect(read.fields.total).toMatchObject({ value: 99.1, learned: true });

    const otherwise = doc(
      page([
        ['Quarry Print Oy', 20, 20],
        ['Settlement   3', 300, 200],
        ['Total   12.60', 300, 240],
      ]),
    );
    const general = extractBySchema(otherwise, schema);
    expect(general.fields.total?.value).toBe(12.6);
    const result = applyHints(otherwise, schema, general, hints);
    expect(result.fields.total).toEqual(general.fields.total);
  });

  it('learns a total at the row labelled as the total, not under an item column header', () => {
    // a one-item receipt prints its total twice: as the item's amount and on the TOTAL row
    const items = (rows: string[]): LineSpec[] => [
      ['QTY   PRICE   AMOUNT', 20, 180],
      ...rows.map((row, i): LineSpec => [row, 20, 200 + 20 * i]),
    ];
    const first = receipt(BAKERY_HEADER, '6.36', items(['1   6.36   6.36']));
    const lesson = lessonFrom(first, RECEIPT, bakeryTruth(6.36));
    expect(lesson.fields.find((f) => f.field === 'total')).toMatchObject({
      label: 'TOTAL',
      place: 'right',
    });
    const next = receipt(BAKERY_HEADER, '10.50', items(['3   2.00   6.00', '1   4.50   4.50']));
    const result = applyHints(next, RECEIPT, extractBySchema(next, RECEIPT), hintsFrom([lesson]));
    expect(result.fields.total?.value).toBe(10.5);
  });

  it('keeps every way a confirmed value was written and the words seen around it', () => {
    const seen = (shape: string, nearby: string[]): Lesson => ({
      fields: [
        {
          field: 'invoice_number',
          label: null,
          place: 'page',
          page: 1,
          at: [0.76, 0.02, 0.85, 0.04],
          labelAt: null,
          evidence: { shapes: [shape], nearby },
        },
      ],
      columns: [],
    });
    const hints = teach(hintsFrom([seen('A-9', ['kestrel'])]), seen('A-9/A', ['bremen']));
    expect(hints.fields.invoice_number?.[0]).toMatchObject({
      strength: 2,
      evidence: { shapes: ['A-9/A', 'A-9'], nearby: ['bremen', 'kestrel'] },
    });
  });

  it('lets a hint learned before evidence was kept only confirm or fill', () => {
    const schema = {
      fields: [{ key: 'total', label: 'Total', type: 'currency' as const }],
      tables: [],
    };
    const slip = doc(
      page([
        ['Quarry Print Oy', 20, 20],
        ['Settlement   3.00', 300, 200],
        ['Total   12.60', 300, 240],
      ]),
    );
    const [observation] = lessonFrom(slip, schema, { fields: { total: 3 }, tables: {} }).fields;
    const { evidence: _kept, ...before } = observation!;
    const hints = hintsFrom([{ fields: [before], columns: [] }]);
    const general = extractBySchema(slip, schema);
    expect(applyHints(slip, schema, general, hints).fields.total).toEqual(general.fields.total);
    const empty = { ...general, fields: {} };
    expect(applyHints(slip, schema, empty, hints).fields.total).toMatchObject({
      value: 3,
      learned: true,
    });
  });
});
