import type { FieldDefinition, TableDefinition } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { joinSplitWords, repairAddressWords } from '../src/extract/address-words.js';
import { calibrated, groupOf, type ValueSignals } from '../src/extract/confidence/calibrate.js';
import { currencyFromCountry } from '../src/extract/currency-country.js';
import { repairNameWords } from '../src/extract/name-words.js';
import { normaliseCompany } from '../src/extract/strategies/company-name.js';
import type { Line, Word } from '../src/document.js';
import { extractBySchema, readDocument } from '../src/index.js';
import { doc, field, page, scannedPage } from './extract-helpers.js';
import { laidOutPdf, rowsAt, type Placed } from './fixtures/laid-out-pdf.js';

const INVOICE = {
  fields: [
    field('invoice_number', 'Invoice Number', 'string'),
    field('vendor_name', 'Vendor', 'string'),
    field('subtotal', 'Subtotal', 'currency'),
    field('tax', 'Tax', 'currency'),
    field('total', 'Total', 'currency'),
    field('currency', 'Currency', 'string'),
  ],
  tables: [],
};

async function extract(items: Placed[], schema: typeof INVOICE | ItemsSchema = INVOICE) {
  const read = await readDocument(await laidOutPdf([items]), 'invoice.pdf');
  return extractBySchema(read, schema);
}

describe('amounts grouped in thousands by a space', () => {
  it('reads a French tax figure whole, not from its last group ("4 530,82")', async () => {
    const { fields } = await extract([
      { text: 'Conseil Girard SRL', x: 40, y: 40, bold: true, size: 14 },
      { text: 'Facture n° F-2024-118', x: 40, y: 80 },
      ...rowsAt(
        [
          ['Sous-total :', '21 575,35 €'],
          ['TVA à 21 % :', '4 530,82 €'],
          ['Total TTC :', '26 106,17 €'],
        ],
        [300, 460],
        300,
      ),
    ]);
    expect(fields.subtotal?.value).toBe(21575.35);
    expect(fields.tax?.value).toBe(4530.82);
    expect(fields.total?.value).toBe(26106.17);
  });

  it('takes the row that sums several tax rates, not one rate', async () => {
    const { fields } = await extract([
      { text: 'Conseil Girard SRL', x: 40, y: 40, bold: true, size: 14 },
      { text: 'Facture n° F-2024-119', x: 40, y: 80 },
      ...rowsAt(
        [
          ['TVA 21 %', '244,93'],
          ['TVA 6 %', '953,48'],
          ['Total TVA', '1 198,41'],
        ],
        [300, 460],
        300,
      ),
    ]);
    expect(fields.tax?.value).toBe(1198.41);
  });
});

describe('rows that name the tax but state a net or a gross', () => {
  const receipt = (...rows: string[]) =>
    doc(page(['CORNER CAFE SDN BHD', 'TAX INVOICE', 'Date: 12/03/2018', ...rows]));
  const TAX_FIELDS: FieldDefinition[] = [
    { key: 'subtotal', label: 'Subtotal', type: 'currency' },
    { key: 'tax', label: 'Tax', type: 'currency' },
    { key: 'total', label: 'Total', type: 'currency' },
  ];

  it('takes the tax row, not "Total (Inclusive of GST)" or "Total (Excluding GST)"', () => {
    const out = extractBySchema(
      receipt(
        'Total (Excluding GST):     61.80',
        'Serv. Charge (10%):        6.18',
        'Total (Inclusive of GST):   67.98',
        'TOTAL:                      67.98',
      ),
      { fields: TAX_FIELDS, tables: [] },
    );
    expect(out.fields.tax?.value).toBeNull();
    expect(out.fields.total?.value).toBe(67.98);
  });

  it('takes "GST:" among the nets per rate, not one rate\'s "supplies (excl. GST)"', () => {
    const out = extractBySchema(
      receipt(
        'Total 0% supplies:               23.64',
        'Total 6% supplies (excl. GST):   12.00',
        'GST:                              0.72',
        'Total 6% supplies (Inc. GST):    12.72',
        'Total Payable:                   36.36',
      ),
      { fields: TAX_FIELDS, tables: [] },
    );
    expect(out.fields.tax?.value).toBe(0.72);
    expect(out.fields.total?.value).toBe(36.36);
  });
});

describe('invoice numbers', () => {
  it('keeps the series printed before the number ("FT A2023/9075")', async () => {
    const { fields } = await extract([
      { text: 'Papelaria Sousa Lda.', x: 40, y: 40, bold: true, size: 14 },
      { text: 'Número da fatura', x: 40, y: 100 },
      { text: 'FT A2023/9075', x: 180, y: 100 },
    ]);
    expect(fields.invoice_number?.value).toBe('FT A2023/9075');
  });

  it('reads the number under "Invoice no" when the header row also names the dates', async () => {
    const { fields } = await extract([
      { text: 'Whitfield & Donnelly LLC', x: 40, y: 40, bold: true, size: 14 },
      ...rowsAt(
        [
          ['Invoice no', 'Date', 'Due'],
          ['INV-2026-3810', '08-03-2026', '10-02-2026'],
        ],
        [40, 200, 320],
        200,
      ),
    ]);
    expect(fields.invoice_number?.value).toBe('INV-2026-3810');
  });
});

describe('the vendor', () => {
  it('is the name of a sender line above an envelope window, without its street and town', async () => {
    const { fields } = await extract([
      { text: 'Morgan & Fletcher plc · 2 Harbour Road · Bristol', x: 40, y: 60, size: 8 },
      { text: 'Hartwell Builders', x: 40, y: 90 },
      { text: '14 Mill Lane', x: 40, y: 104 },
      { text: 'Invoice', x: 400, y: 60, bold: true, size: 16 },
    ]);
    expect(fields.vendor_name?.value).toBe('Morgan & Fletcher plc');
  });
});

describe('currency from the country', () => {
  it('reads the currency of amounts without a symbol from the IBAN and VAT ids', () => {
    expect(currencyFromCountry('Zahlung an: IBAN CH39 7932 2943 8713 1630 1')).toBe('CHF');
    expect(currencyFromCountry('P.IVA: IT52017227298\nIBAN IT57 4493 1050 2786')).toBe('EUR');
    expect(currencyFromCountry('ABN 51 824 753 556')).toBe('AUD');
    expect(currencyFromCountry('Thank you for your order')).toBeNull();
  });

  it('takes a "$" as the dollar of the country the invoice is from', async () => {
    const { fields } = await extract([
      { text: 'Harbour Tools Pty Ltd', x: 40, y: 40, bold: true, size: 14 },
      { text: 'ABN 51 824 753 556', x: 40, y: 60 },
      ...rowsAt([['Total', '$1,280.00']], [300, 460], 300),
    ]);
    expect(fields.currency?.value).toBe('AUD');
  });

  it('takes a "$" as the peso whose code the invoice prints', async () => {
    const { fields } = await extract([
      { text: 'Transportes Navarro S.A. de C.V.', x: 40, y: 40, bold: true, size: 14 },
      ...rowsAt(
        [
          ['Guantes', '$712.50'],
          ['Importe total MXN:', '$712.50'],
        ],
        [300, 460],
        300,
      ),
    ]);
    expect(fields.currency?.value).toBe('MXN');
  });
});

type ItemsSchema = { fields: FieldDefinition[]; tables: TableDefinition[] };

const ITEMS: ItemsSchema = {
  fields: [],
  tables: [
    {
      key: 'line_items',
      label: 'Line items',
      columns: [
        { key: 'description', label: 'Description', type: 'string' },
        { key: 'quantity', label: 'Qty', type: 'number' },
        { key: 'unit_price', label: 'Unit Price', type: 'currency' },
        { key: 'amount', label: 'Amount', type: 'currency' },
      ],
    },
  ],
};

describe('line items', () => {
  it('leaves the position numbers out of the descriptions', async () => {
    const { tables } = await extract(
      rowsAt(
        [
          ['Description', 'Qty', 'Unit Price', 'Amount'],
          ['1 Versandkosten', '1', '12.00', '12.00'],
          ['2 Kupferrohr 15 mm', '6', '86.62', '519.72'],
          ['3 Schulung', '2', '100.00', '200.00'],
        ],
        [40, 300, 380, 480],
        150,
      ),
      ITEMS,
    );
    expect(tables.line_items?.rows.map((r) => r.description?.value)).toEqual([
      'Versandkosten',
      'Kupferrohr 15 mm',
      'Schulung',
    ]);
  });

  it('finds the columns under French and German header words', async () => {
    const { tables } = await extract(
      rowsAt(
        [
          ['Libellé', 'Qté', 'Preis/Einheit', 'Montant'],
          ['Contrat de maintenance', '1', '485,90', '485,90'],
          ['Prestation de conseil', '13,5', '52,00', '702,00'],
        ],
        [40, 300, 380, 480],
        150,
      ),
      ITEMS,
    );
    const rows = tables.line_items?.rows ?? [];
    expect(rows.map((r) => [r.description?.value, r.unit_price?.value])).toEqual([
      ['Contrat de maintenance', 485.9],
      ['Prestation de conseil', 52],
    ]);
  });
});

describe('misread names and addresses', () => {
  it('repairs a trade word of a company name and leaves plurals and names alone', () => {
    expect(repairNameWords('SANYU STATONERY SHOP')).toBe('SANYU STATIONERY SHOP');
    expect(repairNameWords('Gerbang Alaf Restaurants Sdn Bhd')).toBe(
      'Gerbang Alaf Restaurants Sdn Bhd',
    );
    expect(repairNameWords('PAGOH REST AND SERVICE AREA')).toBe('PAGOH REST AND SERVICE AREA');
    expect(repairNameWords('Harlow Marketing')).toBe('Harlow Marketing');
  });

  it('keeps the letters of a word read without doubt, adding only a letter it lost', () => {
    const clear = () => false;
    // a glyph read clearly is as printed: another trade word one or two letters away is not meant
    expect(repairNameWords('Pastelaria Estrela Lda.', undefined, clear)).toBe(
      'Pastelaria Estrela Lda.',
    );
    expect(repairNameWords('Brightwell Stationers Ltd', undefined, clear)).toBe(
      'Brightwell Stationers Ltd',
    );
    // a narrow letter merged into its neighbour leaves no doubt behind, yet is lost
    expect(repairNameWords('SANYU STATONERY SHOP', undefined, clear)).toBe('SANYU STATIONERY SHOP');
    // the same words read with doubt are repaired as before
    expect(repairNameWords('Brightwell Stationers Ltd')).toBe('Brightwell Stationery Ltd');
  });

  it('repairs a trade word with two look-alike letters misread, wherever they are', () => {
    // F for P and H for M: both shapes OCR confuses, the first letter among them
    expect(repairNameWords('SUNRISE FHARHACY')).toBe('SUNRISE PHARMACY');
    // W is no look-alike of P: two places garbled, one of them unlike, is another word
    expect(repairNameWords('SUNRISE WHARHACY')).toBe('SUNRISE WHARHACY');
  });

  it('reads an Italian "S.r.l." whose thin l was read as a capital I or a 1', () => {
    expect(normaliseCompany('Trasporti Padana S.r.I.')).toBe('Trasporti Padana S.r.l.');
    expect(normaliseCompany('Edilnord S.r.1')).toBe('Edilnord S.r.l.');
    // inside a name an I stays a letter
    expect(normaliseCompany('S.r.I. Consulting Group')).toBe('S.r.I. Consulting Group');
  });

  it('reads a capital I that OCR read as a small l opening a word of a name', () => {
    expect(normaliseCompany('lronbridge Engineering Pty Ltd')).toBe(
      'Ironbridge Engineering Pty Ltd',
    );
    expect(normaliseCompany('Nordic lndustries AB')).toBe('Nordic Industries AB');
    // an l before a vowel or another l opens words ("Llanes", "Lopes")
    expect(normaliseCompany('llanes & lopes Lda.')).toBe('llanes & lopes Lda.');
  });

  it('reads a dotted legal form read with a space inside it ("B. V.") as the form', () => {
    expect(normaliseCompany('Visser Bouwservice B. V.')).toBe('Visser Bouwservice B.V.');
    expect(normaliseCompany('Transportes Lima S. A.')).toBe('Transportes Lima S.A.');
    expect(normaliseCompany('Jansen B. Verhuur')).toBe('Jansen B. Verhuur');
  });

  it('reads the legal forms of Malaysian names through glyph confusions', () => {
    expect(normaliseCompany('MR D.I.Y. (H) SDN BHD')).toBe('MR D.I.Y. (M) SDN BHD');
    expect(normaliseCompany('AIK HUAT ENTERPRISE (SETIA ALAM) SDN BHO')).toBe(
      'AIK HUAT ENTERPRISE (SETIA ALAM) SDN BHD',
    );
    expect(normaliseCompany('99 SPEED MART S/D')).toBe('99 SPEED MART S/B');
    expect(normaliseCompany('99 SPEED MART S7B AIN S19537-X)')).toBe('99 SPEED MART S/B');
  });

  it('reads "Sdn Bhd" with a glyph of each word misread, and leaves other three-letter pairs', () => {
    expect(normaliseCompany('SUPER SEVEN CASH & CARRY SEN 3HD')).toBe(
      'SUPER SEVEN CASH & CARRY SDN BHD',
    );
    expect(normaliseCompany('GARDENIA BAKERIES (KL) SDN EHD')).toBe(
      'GARDENIA BAKERIES (KL) SDN BHD',
    );
    expect(normaliseCompany('Kedai Maju Sdn Bnd (12345-X)')).toBe('Kedai Maju Sdn Bhd');
    expect(normaliseCompany('THE BIG TEA SHOP')).toBe('THE BIG TEA SHOP');
    expect(normaliseCompany('ONE TWO SIX')).toBe('ONE TWO SIX');
  });

  it('drops specks and numbers OCR reads around a name, keeping abbreviations', () => {
    expect(normaliseCompany('KHE ELECTRICAL. TRADING')).toBe('KHE ELECTRICAL TRADING');
    expect(normaliseCompany('AIK HUAT ENTERPRISE . (SETIA ALAM) SDN BHD')).toBe(
      'AIK HUAT ENTERPRISE (SETIA ALAM) SDN BHD',
    );
    expect(normaliseCompany('SKCA HARDWARE & TIMBER SDN. BHD.T')).toBe(
      'SKCA HARDWARE & TIMBER SDN. BHD.',
    );
    expect(normaliseCompany('#000002 BAIFU (M) SDN BHD')).toBe('BAIFU (M) SDN BHD');
    expect(normaliseCompany('99 SPEED MART S/D (519537-X)')).toBe('99 SPEED MART S/B');
    // a short word's period is an abbreviation's, and a period inside a word is printed
    expect(normaliseCompany('MR. D.I.Y. (M) SDN BHD')).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(normaliseCompany('SUPER.SEVEN CASH & CARRY')).toBe('SUPER.SEVEN CASH & CARRY');
    expect(normaliseCompany('Smith Bros. Ltd')).toBe('Smith Bros. Ltd');
  });

  it('joins an address word OCR split at a gap, and reads a leading l before a consonant as I', () => {
    const vocabulary = new Set(['selangor', 'petaling', 'jaya']);
    expect(joinSplitWords('47400 Petaling Jaya Se langor', vocabulary)).toBe(
      '47400 Petaling Jaya Selangor',
    );
    expect(joinSplitWords('PETAL ING JAYA', vocabulary)).toBe('PETALING JAYA');
    // two words of the vocabulary stay two words
    expect(joinSplitWords('PETALING JAYA', new Set(['petaling', 'jaya', 'petalingjaya']))).toBe(
      'PETALING JAYA',
    );
    expect(repairAddressWords('Jalan lpoh Batu 5')).toBe('Jalan Ipoh Batu 5');
  });
});

describe('receipts that print "$"', () => {
  it('reads an S before an amount as the dollar sign the rest of the receipt prints', () => {
    const receipt = doc(
      page(
        [
          'BAR WANG RICE',
          'Meat + 3 Vega   $7.10',
          'Vegetable   $1.10',
          'Total Amount:   S8.20',
          'CASH   $8.20',
          'Change   $0.00',
        ],
        { confidence: 0.95 },
      ),
    );
    const { fields } = extractBySchema(receipt, {
      fields: [field('total', 'Total', 'currency')],
      tables: [],
    });
    expect(fields.total?.value).toBe(8.2);
  });
});

describe('confidence from the clarity of every word', () => {
  const signals = (over: Partial<ValueSignals>): ValueSignals => ({
    concept: 'vendor',
    raw: 0.8,
    labelled: false,
    exactLabel: false,
    readConf: 0.99,
    minReadConf: 0.99,
    secondReading: 'none',
    arithmetic: 'none',
    ...over,
  });

  it('puts a name whose every word was read clearly in a group of its own', () => {
    expect(groupOf(signals({ legalForm: true }))).toBe('name:legal:clear');
    expect(groupOf(signals({ legalForm: true, minReadConf: 0.9 }))).toBe('name:legal:doubtful');
    expect(groupOf(signals({ concept: 'total', labelled: true }))).toBe('amount:clear');
    // dates keep one curve; a text layer is read exactly
    expect(groupOf(signals({ concept: 'date', labelled: true }))).toBe('date:labelled');
    expect(groupOf(signals({ readConf: 1, minReadConf: 1 }))).toBe('name:digital');
  });

  it('never scores a value with a doubtful word above the same value read clearly', () => {
    for (const raw of [0.6, 0.8, 0.95])
      for (const concept of ['vendor', 'total'])
        expect(
          calibrated(signals({ concept, raw, minReadConf: 0.9, legalForm: true })),
        ).toBeLessThanOrEqual(calibrated(signals({ concept, raw, legalForm: true })));
  });
});

describe('line items on harder pages', () => {
  it('keeps a header word another column names exactly ("Units Price" is a quantity and a price)', async () => {
    const { tables } = await extract(
      rowsAt(
        [
          ['Item', 'Units', 'Price', 'Total'],
          ['Training workshop (half day)', '1', '477.90', '477.90'],
          ['Graphic design', '9.5', '139.00', '1,320.50'],
        ],
        [40, 330, 400, 480],
        150,
      ),
      ITEMS,
    );
    expect(
      tables.line_items?.rows.map((r) => [r.quantity?.value, r.unit_price?.value, r.amount?.value]),
    ).toEqual([
      [1, 477.9, 477.9],
      [9.5, 139, 1320.5],
    ]);
  });

  it('leaves a sidebar beside the table out of the descriptions', async () => {
    const { tables } = await extract(
      [
        ...rowsAt(
          [
            ['', 'Description', 'Qty', 'Unit Price', 'Amount'],
            ['Customer no.', 'Office chair, mesh back', '2', '95.00', '190.00'],
            ['K-40121', 'Copper pipe 15 mm', '6', '12.50', '75.00'],
          ],
          [20, 160, 340, 400, 480],
          150,
        ),
      ],
      ITEMS,
    );
    expect(tables.line_items?.rows.map((r) => r.description?.value)).toEqual([
      'Office chair, mesh back',
      'Copper pipe 15 mm',
    ]);
  });

  it('reads the rows of a page scanned at a slant', () => {
    // every region of text lies on a line rising 3 units per 100 to the right, as on a skewed scan
    const slope = -0.03;
    const region = (text: string, x: number, y: number): Line => {
      const words: Word[] = [];
      let at = x;
      for (const part of text.split(' ')) {
        const top = y + slope * at;
        words.push({
          text: part,
          box: [at, top, at + part.length * 6, top + 12],
          confidence: 0.97,
        });
        at += part.length * 6 + 6;
      }
      const last = words[words.length - 1]!;
      return {
        words,
        text,
        box: [
          x,
          Math.min(words[0]!.box[1], last.box[1]),
          last.box[2],
          Math.max(words[0]!.box[3], last.box[3]),
        ],
      };
    };
    const rows: [string, string, string, string][] = [
      ['Description', 'Qty', 'Unit Price', 'Amount'],
      ['Copper pipe 15 mm x 3 m', '6', '86.62', '519.72'],
      ['Office chair with mesh back', '2', '95.00', '190.00'],
      ['Cable ties 300 mm bag of 100', '3', '4.20', '12.60'],
    ];
    const lines = rows.flatMap((cells, i) =>
      cells.map((cell, c) => region(cell, [40, 330, 400, 500][c]!, 100 + i * 16)),
    );
    const { tables } = extractBySchema(doc(scannedPage(lines, 600, 800)), ITEMS);
    expect(
      tables.line_items?.rows.map((r) => [
        r.description?.value,
        r.quantity?.value,
        r.amount?.value,
      ]),
    ).toEqual([
      ['Copper pipe 15 mm x 3 m', 6, 519.72],
      ['Office chair with mesh back', 2, 190],
      ['Cable ties 300 mm bag of 100', 3, 12.6],
    ]);
  });
});

describe('party blocks side by side', () => {
  it('reads the issuer under "From:" when the customer stands beside it on the same line', async () => {
    const { fields } = await extract([
      { text: 'Invoice #: INV-2022-7922', x: 40, y: 30 },
      { text: 'From:', x: 40, y: 120 },
      { text: 'Customer:', x: 250, y: 120 },
      { text: 'Brightwell Building Services LLC', x: 40, y: 136 },
      { text: 'Kestrel Hardware Co.', x: 250, y: 136 },
      { text: '191 Commerce Drive', x: 40, y: 152 },
      { text: '154 Lakeview Drive', x: 250, y: 152 },
    ]);
    expect(fields.vendor_name?.value).toBe('Brightwell Building Services LLC');
  });
});
