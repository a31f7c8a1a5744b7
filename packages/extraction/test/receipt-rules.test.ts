import { describe, expect, it } from 'vitest';

import type { Page } from '../src/document.js';
import {
  joinSplitWords,
  letterForFigure,
  repairAddressWords,
} from '../src/extract/address-words.js';
import { contextOf } from '../src/extract/context.js';
import { extractBySchema } from '../src/extract/index.js';
import { amountPaid } from '../src/extract/strategies/payment.js';
import { oneDigitApart } from '../src/extract/strategies/amounts.js';
import { doc, field, page } from './extract-helpers.js';

const RECEIPT = {
  fields: [
    field('company', 'Company', 'string'),
    field('address', 'Address', 'string'),
    field('total', 'Total', 'currency'),
  ],
  tables: [],
};
const totalOnly = { fields: [field('total', 'Total', 'currency')], tables: [] };

/** An OCR'd page, every word read clearly. */
function ocrPage(lines: string[]): Page {
  return { ...page(lines, { confidence: 0.99 }), method: 'ocr' };
}

describe("a receipt's own arithmetic", () => {
  it('keeps a total the payment confirms confident when a discount leaves net + tax apart', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'Sub-Total   15.60',
          'Discount   8.40',
          'Grand Total   7.20',
          'Cash   10.00',
          'Change Due   2.80',
          'GST 6% Included   0.41',
        ]),
      ),
      totalOnly,
    );
    expect(r.fields.total?.value).toBe(7.2);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('does not hold a subtotal that already includes the tax against the total', () => {
    const r = extractBySchema(
      doc(ocrPage(['Sub-Total   2.50', 'Total GST   0.14', 'Total Incl GST   2.50'])),
      totalOnly,
    );
    expect(r.fields.total?.value).toBe(2.5);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('does not take a tax row of 0.00 as the tax the total must balance with', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'SUB-TOTAL   45.28',
          'TAX   0.00',
          'TOTAL   48.00',
          'CASH   50.00',
          'CHANGE   2.00',
        ]),
      ),
      totalOnly,
    );
    expect(r.fields.total?.value).toBe(48);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('never takes for the tax the base its rate is printed of, nor a figure as large as the total', () => {
    const withTax = {
      fields: [field('total', 'Total', 'currency'), field('tax', 'Tax', 'currency')],
      tables: [],
    };
    // a tax summary whose columns were read as rows: 6% of 22.00 is the 1.32 under it
    const summary = extractBySchema(
      doc(
        ocrPage(['TOTAL   22.00', 'CASH   50.00', 'CHANGE   28.00', 'GST SR 6%   22.00', '1.32']),
      ),
      withTax,
    );
    expect(summary.fields.tax?.value ?? null).toBeNull();
    const asTotal = extractBySchema(
      doc(ocrPage(['TOTAL   77.20', 'GST @6%   77.20', 'CASH   80.00', 'CHANGE   2.80'])),
      withTax,
    );
    expect(asTotal.fields.tax?.value ?? null).toBeNull();
    // a tax that is its rate of a printed amount stays the tax
    const taxed = extractBySchema(
      doc(ocrPage(['SUBTOTAL   13.30', 'GST 6%   0.80', 'TOTAL   14.10'])),
      withTax,
    );
    expect(taxed.fields.tax?.value).toBe(0.8);
  });

  it('still keeps a total that net + tax contradicts out of the confident band', () => {
    const r = extractBySchema(
      doc(ocrPage(['Subtotal   400.00', 'Tax   80.00', 'Total   530.00'])),
      totalOnly,
    );
    expect(r.fields.total?.value).toBe(530);
    expect(r.fields.total?.confidence).toBeLessThan(0.8);
  });

  it('reads a total line one digit off the payment by the payment, when another row prints it too', () => {
    const lines = ['Total RM   7,938.80', 'CASH   7,840.00', 'Change   1.20'];
    const confirmed = extractBySchema(
      doc(ocrPage([...lines, 'SR 6   7,395.09   443.71   7,838.80'])),
      totalOnly,
    );
    expect(confirmed.fields.total?.value).toBe(7838.8);
    // with nothing else printing the paid figure, the total line stands, doubtfully
    const alone = extractBySchema(doc(ocrPage(lines)), totalOnly);
    expect(alone.fields.total?.value).toBe(7938.8);
    expect(alone.fields.total?.confidence).toBeLessThan(0.8);
  });

  it('counts a total the payment matches up to cash rounding as confirmed', () => {
    const r = extractBySchema(
      doc(
        ocrPage(['Total Sales (Inclusive GST) RM   42.33', 'CASH RM   50.00', 'CHANGE RM   7.65']),
      ),
      totalOnly,
    );
    expect(r.fields.total?.value).toBe(42.35);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('reads the change under a word before "Change", and a change under one unit as its cents', () => {
    for (const [label, change, paid] of [
      ['CASH CHANGE', '71.40', 28.6],
      ['YOUR CHANGE RM', '3.80', 96.2],
      ['CHANGE RM', '.40', 99.6],
    ] as const) {
      const rows = ['Payment Details', 'CASH   100.00', `${label}   ${change}`];
      expect(amountPaid(contextOf(doc(ocrPage(rows))))?.value).toBe(paid);
    }
  });

  it('takes what was paid for the total when no total line is found and a row prints that figure', () => {
    const rows = ['SUBTOTAL RM   96.20', 'CASH RM   100.00', 'YOUR CHANGE RM   3.80'];
    const r = extractBySchema(doc(ocrPage(rows)), totalOnly);
    expect(r.fields.total?.value).toBe(96.2);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('takes what was paid over a total line when another row prints the paid figure', () => {
    // the amount due's label garbled, and a "Total" row under the payment holding a stray figure
    const rows = [
      'Total Amt Incl GST @ 6%:   8.46',
      'Rounding Adjustment:   (0.04)',
      'Tetal Amt Peyable:   8.50',
      'Paid Amount:   100.00',
      'Change:   91.50',
      'Total Qty Tender :   4',
    ];
    const r = extractBySchema(doc(ocrPage(rows)), totalOnly);
    expect(r.fields.total?.value).toBe(8.5);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
    // with no row printing it, the paid figure only contradicts the last total line
    const alone = extractBySchema(
      doc(ocrPage(rows.filter((row) => !row.startsWith('Tetal') && !row.includes('8.46')))),
      totalOnly,
    );
    expect(alone.fields.total?.confidence).toBeLessThan(0.8);
  });

  it('reads a last total line that lost its decimal point by a total line that kept it', () => {
    const rows = ['Total   12.00', 'Discount:   0.00', 'Total Sales Inclusive GST @6%   1200'];
    const r = extractBySchema(doc(ocrPage(rows)), totalOnly);
    expect(r.fields.total?.value).toBe(12);
    // a total line of a hundred or more whose figure is no other line's without the point stands
    const whole = extractBySchema(
      doc(ocrPage(['Total   12.50', 'Total Sales Inclusive GST   1200'])),
      totalOnly,
    );
    expect(whole.fields.total?.value).toBe(1200);
  });

  it('counts a discount, a service charge and a cash rounding between the subtotal and the total', () => {
    const receipt = (rounding: string, total: string) =>
      doc(
        ocrPage([
          'Sub Total   100.00',
          'Discount   -10.00',
          'Service Charge 10%   9.00',
          'GST 6%   5.94',
          rounding,
          `Total   ${total}`,
        ]),
      );
    const up = extractBySchema(receipt('Rounding   0.01', '104.95'), totalOnly);
    expect(up.fields.total?.value).toBe(104.95);
    expect(up.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
    const down = extractBySchema(receipt('Rounding Adj   -0.04', '104.90'), totalOnly);
    expect(down.fields.total?.value).toBe(104.9);
    expect(down.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
    // a total the printed rows do not make stays out of the confident band
    const off = extractBySchema(receipt('Rounding   0.01', '114.95'), totalOnly);
    expect(off.fields.total?.value).toBe(114.95);
    expect(off.fields.total?.confidence).toBeLessThan(0.8);
  });

  it('reads the total under labels that shorten "Amount" to "Amt"', () => {
    for (const label of ['Amt Due', 'Net Amt', 'Total Amt']) {
      const r = extractBySchema(
        doc(ocrPage(['Gross Amt   120.00', 'GST 6%   7.20', `${label}   127.20`, 'Cash   150.00'])),
        totalOnly,
      );
      expect(r.fields.total?.value).toBe(127.2);
    }
  });

  it('tells figures one digit apart from others', () => {
    expect(oneDigitApart(7938.8, 7838.8)).toBe(true);
    expect(oneDigitApart(20.9, 20.8)).toBe(true);
    expect(oneDigitApart(20.9, 2.09)).toBe(false);
    expect(oneDigitApart(12.35, 21.35)).toBe(false);
  });
});

describe('receipt addresses', () => {
  it('leaves out a registration number printed in brackets on the street line', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'MR. D.I.Y. (M) SDN BHD',
          'LOT 1851-A (CO.REG:860671-D) & 1851-B, JALAN KPB 6,',
          'KAWASAN PERINDUSTRIAN BALAKONG,',
          '43300 SERI KEMBANGAN, SELANGOR',
          'TAX INVOICE',
        ]),
      ),
      RECEIPT,
    );
    expect(r.fields.address?.value).toBe(
      'LOT 1851-A & 1851-B, JALAN KPB 6, KAWASAN PERINDUSTRIAN BALAKONG, 43300 SERI KEMBANGAN, SELANGOR',
    );
  });

  it("reads a doubtful word as the recogniser's second choice when the receipt prints that word clearly", () => {
    const receipt = (mall: string, alternatives: string[]) => {
      const scan = ocrPage([
        'KAISON FURNISHING SDN BHD',
        `UP2-01, ${mall} Mall,`,
        '355, Jalan Bandar Melavati,',
        '53100 Kuala Lumpur.',
        'TAX INVOICE',
      ]);
      const doubtful = scan.words.find((w) => w.text === 'Melavati,')!;
      Object.assign(doubtful, {
        confidence: 0.9,
        leastGlyph: 0.55,
        alternatives: alternatives.map((text) => ({ text, confidence: 0.85 })),
      });
      return extractBySchema(doc(scan), RECEIPT).fields.address?.value;
    };
    expect(receipt('Melawati', ['Melawati,'])).toBe(
      'UP2-01, Melawati Mall, 355, Jalan Bandar Melawati, 53100 Kuala Lumpur.',
    );
    // a second reading no word of the receipt or its language vouches for is not taken
    expect(receipt('Wangsa', ['Melawati,'])).toContain('Jalan Bandar Melavati,');
    // nor one of two second readings that both are words it prints
    expect(receipt('Melawati Melarati', ['Melawati,', 'Melarati,'])).toContain(
      'Jalan Bandar Melavati,',
    );
  });

  it('skips a business registration line under its own label before the street', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'FUYI MINI MARKET',
          'BR No.: 0195932-X',
          'NO 43-45-47G, TAMAN SEJATI,',
          '45600 BESTARI JAYA, SELANGOR.',
          '03-3279 1851',
        ]),
      ),
      RECEIPT,
    );
    expect(r.fields.address?.value).toBe(
      'NO 43-45-47G, TAMAN SEJATI, 45600 BESTARI JAYA, SELANGOR.',
    );
  });

  it('starts the address at a street word OCR split and misread', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'BHPetrol Subang Airport',
          'Ja ian Lapangan Terbang Subang',
          '47200 Subang Selangor',
          'CO. REG. NO: 000948487-V',
          'GST REG. NO: 000768122880',
        ]),
      ),
      RECEIPT,
    );
    expect(r.fields.address?.value).toBe('Jalan Lapangan Terbang Subang 47200 Subang Selangor');
  });

  it('leaves out the branch named by its locality when the address repeats that line', () => {
    const receipt = (branch: string) =>
      extractBySchema(
        doc(
          ocrPage([
            'Kedai Runcit Mawar Sdn Bhd',
            branch,
            'No 8 Jalan Melati 3',
            'Taman Sri Gombak',
            'Tel: 03-6187 2231',
          ]),
        ),
        RECEIPT,
      );
    expect(receipt('Taman Sri Gombak').fields.address?.value).toBe(
      'No 8 Jalan Melati 3 Taman Sri Gombak',
    );
    // a first line the address does not repeat is part of it
    expect(receipt('Plaza Mawar').fields.address?.value).toBe(
      'Plaza Mawar No 8 Jalan Melati 3 Taman Sri Gombak',
    );
  });

  it("ends at the state when the next line is the outlet's own name", () => {
    const receipt = (after: string) =>
      extractBySchema(
        doc(
          ocrPage([
            'Stesen Minyak Bakti Sdn Bhd',
            'Jalan Kebun Nenas',
            '41100 Klang',
            'Se langor',
            after,
            'GST REG. NO: 000768122880',
          ]),
        ),
        RECEIPT,
      ).fields.address?.value;
    expect(receipt("D'Rosh Servport")).toBe('Jalan Kebun Nenas 41100 Klang Selangor');
    // a country, the state's title or a bracketed site under it is part of the address
    expect(receipt('Malaysia')).toBe('Jalan Kebun Nenas 41100 Klang Selangor Malaysia');
    expect(receipt('Darul Ehsan')).toBe('Jalan Kebun Nenas 41100 Klang Selangor Darul Ehsan');
    expect(receipt('(TESCO KLANG)')).toBe('Jalan Kebun Nenas 41100 Klang Selangor (TESCO KLANG)');
  });

  it('never starts the address at a line of a long number', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'Roti Mewah Bakery',
          'bakery 000412987',
          '21, Jalan Kenari 5, Puchong',
          'Tel: 03-8070 1122',
        ]),
      ),
      RECEIPT,
    );
    expect(r.fields.address?.value).toBe('21, Jalan Kenari 5, Puchong');
  });

  it('reads a figure inside an address word as the letter it looks like, when one word fits', () => {
    const vocabulary = new Set(['subang', 'rawang', 'jalan', 'bandar']);
    expect(letterForFigure('SUB9NG', vocabulary)).toBe('subang');
    expect(letterForFigure('Rawan9', vocabulary)).toBe('rawang');
    expect(letterForFigure('SS21', vocabulary)).toBeNull();
    expect(letterForFigure('Uptown3', vocabulary)).toBeNull();
    expect(repairAddressWords('1032-SUB9NG PERDANA')).toBe('1032-SUBANG PERDANA');
    expect(repairAddressWords('Jalan Bandar Rawan9 10')).toBe('Jalan Bandar Rawang 10');
  });

  it('repairs a short address word only where OCR mistook one glyph for a look-alike', () => {
    expect(repairAddressWords('43300 SERT KEMBANGAN')).toBe('43300 SERI KEMBANGAN');
    expect(repairAddressWords('NO 5 JLN 3, THN MELATI')).toBe('NO 5 JLN 3, TMN MELATI');
    // a place name a letter of another shape away from an address word is that place
    expect(repairAddressWords('TMN SUBANG JASA')).toBe('TMN SUBANG JASA');
    expect(repairAddressWords('JLN SUL TAN ISMAIL')).toBe('JLN SUL TAN ISMAIL');
    // an address word of its own is never read as another one
    expect(repairAddressWords('53300 KL Site 1066')).toBe('53300 KL Site 1066');
  });

  it('joins a fragment of one or two letters to the rest of a misread street word', () => {
    const vocabulary = new Set(['jalan', 'taman', 'subang']);
    expect(joinSplitWords('Ja ian Lapangan', vocabulary)).toBe('Jalan Lapangan');
    // the word before the split one is tried on its own, not only in pairs from the start
    expect(joinSplitWords('Subang Se langor', new Set(['selangor', 'subang']))).toBe(
      'Subang Selangor',
    );
    // a letter before a whole vocabulary word is a block or house letter, not a fragment
    expect(joinSplitWords('1851-B JALAN KPB', vocabulary)).toBe('1851-B JALAN KPB');
  });
});

describe('Malay till receipts', () => {
  it.each(['Jumlah Perlu Dibayar', 'Jumlah'])(
    'reads "%s" as the total, not the cash handed over',
    (label) => {
      const r = extractBySchema(
        doc(
          ocrPage([
            'KEDAI RUNCIT MAJU SDN BHD',
            'Jumlah Kecil   16.01',
            'SST @6%   0.96',
            `${label}   MYR 16.95`,
            'TUNAI   20.00',
            'Baki   3.05',
          ]),
        ),
        totalOnly,
      );
      expect(r.fields.total?.value).toBe(16.95);
    },
  );
});

describe("payment rows in the receipt's language", () => {
  const shop = ['Feinkost Lindenhof GmbH', 'Bahnhofstraße 12', '10115 Berlin', 'Datum: 12.03.2024'];
  it.each([
    [
      [
        ...shop,
        'Zu zahlen   EUR 49,33',
        'enth. MwSt. 7%   3,23',
        'Bar   60,00',
        'Rückgeld   10,67',
      ],
    ],
    // OCR drops the umlaut
    [
      [
        ...shop,
        'Zu zahlen   EUR 49,33',
        'enth. MwSt. 7%   3,23',
        'Gegeben   60,00',
        'Ruckgeld   10,67',
      ],
    ],
    [
      [
        'KEDAI RUNCIT MAJU SDN BHD',
        'JALAN AMAN, TAMAN JAYA',
        'Jumlah   RM 49.33',
        'Tunai   60.00',
        'Baki   10.67',
      ],
    ],
  ])('say what was paid: the cash less the change (%j)', (rows) => {
    expect(amountPaid(contextOf(doc(ocrPage(rows))))?.value).toBe(49.33);
  });

  it('are not read in a language the document does not show', () => {
    const english = [
      'CORNER SHOP LTD',
      '12 HIGH STREET',
      'TOTAL   49.33',
      'Bar   60.00',
      'Baki   10.67',
    ];
    expect(amountPaid(contextOf(doc(ocrPage(english))))).toBeNull();
  });
});

describe('receipt merchants', () => {
  it('takes a "cash & carry" name over a stray line printed above it', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'POSTED',
          'FIVE STAR CASH & CARRY',
          'G.23 & G.22, PLAZA SERI SETIA,',
          '47300 PJ, SELANGOR.',
        ]),
      ),
      RECEIPT,
    );
    expect(r.fields.company?.value).toBe('FIVE STAR CASH & CARRY');
  });

  // a narrow till prints a long name over two lines, the legal form alone on the second
  it.each([
    [['Seri Indah Book Store SDN.', 'BHD.'], 'Seri Indah Book Store SDN. BHD.'],
    [['Northgate Office Supplies', 'SDN BHD'], 'Northgate Office Supplies SDN BHD'],
    [['KEDAI RUNCIT BINTANG TIMUR', 'SDN BHD'], 'KEDAI RUNCIT BINTANG TIMUR SDN BHD'],
  ])('joins a name wrapped before its legal form: %j', (nameLines, name) => {
    const r = extractBySchema(
      doc(ocrPage([...nameLines, 'No. 25, Jalan Merdeka', 'Taman Melawati', 'TOTAL   21.55'])),
      RECEIPT,
    );
    expect(r.fields.company?.value).toBe(name);
  });
});
