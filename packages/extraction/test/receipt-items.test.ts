import { PRESETS } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { extractBySchema } from '../src/index.js';
import { doc, page } from './extract-helpers.js';

/** The receipt type's items as name, qty and price: it asks for no line amount. */
function receiptItems(lines: string[]): unknown[][] {
  const { tables } = PRESETS.receipt;
  const rows = extractBySchema(doc(page(lines)), { fields: [], tables }).tables.items!.rows;
  return rows.map((r) => [r.name?.value, r.qty?.value, r.price?.value]);
}

describe("a receipt's item lines, read as name, quantity and unit price", () => {
  it('works the unit price out of the amount under a header whose amount column the type lacks', () => {
    expect(
      receiptItems([
        'IJZERWAREN HET PLEIN B.V.',
        'Datum: 24-04-2022 18:59',
        'Aantal  Artikel                EUR',
        '1  Pluggen 6mm                4,10',
        '7  Schroeven 4x40 100 st.    32,62',
        '2  Ledlamp E27               13,12',
        'SUBTOTAAL                    49,84',
        'Totaal (EUR)                 49,84',
      ]),
    ).toEqual([
      ['Pluggen 6mm', 1, 4.1],
      ['Schroeven 4x40 100 st.', 7, 4.66],
      ['Ledlamp E27', 2, 6.56],
    ]);
  });

  it('takes the quantity and price printed under an item, and keeps a number that ends its name', () => {
    expect(
      receiptItems([
        'SRI MURNI MINI MARKET',
        'Trans # 021962 27/12/2020',
        'TELUR AYAM GRED A 10S        5.74',
        'WHOLE MILK 2L               13.60',
        '8 @ 1.70',
        'FREE RANGE EGGS 12          13.40',
        '4 @ 3.35',
        'BANANAS LOOSE                3.76',
        '2.489 kg @ 1.51',
        'Sub-Total                   36.50',
        'Total                       36.50',
      ]),
    ).toEqual([
      ['TELUR AYAM GRED A 10S', 1, 5.74],
      ['WHOLE MILK 2L', 8, 1.7],
      ['FREE RANGE EGGS 12', 4, 3.35],
      ['BANANAS LOOSE', 2.489, 1.51],
    ]);
  });

  it('keeps a count printed a word space after the name in the name, and reads one set apart as the quantity', () => {
    expect(
      receiptItems([
        'OFFICE POINT SDN BHD',
        'Highlighter Set 4             4.08',
        'Gel Pens        4             4.08',
        'TOTAL                         8.16',
      ]),
    ).toEqual([
      ['Highlighter Set 4', 1, 4.08],
      ['Gel Pens', 4, 1.02],
    ]);
  });

  it('reads a name that ends in a number alone on its line as the name of the figures under it', () => {
    expect(
      receiptItems([
        'KEDAI PERKAKASAN MAJU JAYA',
        'Date 06/08/2020 07:53 PM',
        'PAKU 2 INCI 1KG',
        '1 @ 8.50                 8.50',
        'Screws 4x40 Box 100',
        '1 @ 5.45                 5.45',
        'SKRU KAYU 100PCS',
        '2 @ 4.21                 8.42',
        'Sub Total               22.37',
      ]),
    ).toEqual([
      ['PAKU 2 INCI 1KG', 1, 8.5],
      ['Screws 4x40 Box 100', 1, 5.45],
      ['SKRU KAYU 100PCS', 2, 4.21],
    ]);
  });

  it("puts right a quantity misread on one line by the line's arithmetic, where the others keep to it", () => {
    expect(
      receiptItems([
        'OAKFIELD FOOD HALL',
        'DESC                 QTY  Price  AMOUNT',
        'SOURDOUGH LOAF         1   3.00    3.00',
        'Fish and Chips        11  11.40   11.40',
        'Sparkling Water        4   1.80    7.20',
        'Sub-Total                         21.60',
      ]),
    ).toEqual([
      ['SOURDOUGH LOAF', 1, 3],
      ['Fish and Chips', 1, 11.4],
      ['Sparkling Water', 4, 1.8],
    ]);
  });

  it('ends the items at a French till total (À payer)', () => {
    expect(
      receiptItems([
        'PAPETERIE DES HALLES SAS',
        'Le 05-06-22 13:27',
        'Surligneurs x4',
        '1 x 5,80                5,80',
        'Cahier 96 pages',
        '2 x 2,77                5,54',
        'À payer                11,34',
        'Carte bancaire         11,34',
      ]),
    ).toEqual([
      ['Surligneurs x4', 1, 5.8],
      ['Cahier 96 pages', 2, 2.77],
    ]);
  });

  it('reads figures with a speck after them, and leaves a discount under an unknown label out', () => {
    expect(
      receiptItems([
        'KEDAI BUKU ANEKA JAYA SDN BHD',
        'PERKARA              Qty  H/UNIT     RM',
        'KERTAS A4 80GSM       1.   13.75  13.75',
        'FAIL KERTAS A4         3    2.69   8.07',
        'Member Discount                   -2.00',
        'Dish Soap 500ml                  -14.76',
        '9@1.64',
        'Jumlah Kecil                      34.58',
      ]),
    ).toEqual([
      ['KERTAS A4 80GSM', 1, 13.75],
      ['FAIL KERTAS A4', 3, 2.69],
      // the minus a speck: the quantity and price under the line make its amount
      ['Dish Soap 500ml', 9, 1.64],
    ]);
  });

  it('reads the count before the name as the quantity under a header that puts the quantity first', () => {
    expect(
      receiptItems([
        'FEINKOST LINDENHOF GMBH',
        'Datum: 25.08.2020 17:01',
        'Anz.   Artikel                 EUR',
        '3      Apfelschorle 0,5L      8,55',
        'SUMME                         8,55',
      ]),
    ).toEqual([['Apfelschorle 0,5L', 3, 2.85]]);
  });

  it('reads sizes on a scan as printed: zeros read as the letter O, a mark read in the space before them', () => {
    const scan = doc({
      ...page(
        [
          'KEDAI BUKU ANEKA JAYA',
          'BUKU LATIHAN 8OMS            2.70',
          'Sparkling Water-500ml        1.10',
          'CHEDDAR 3OZ                  4.20',
          'TOTAL                        8.00',
        ],
        { confidence: 0.95 },
      ),
      method: 'ocr',
    });
    const rows = extractBySchema(scan, { fields: [], tables: PRESETS.receipt.tables }).tables.items!
      .rows;
    expect(rows.map((r) => r.name?.value)).toEqual([
      'BUKU LATIHAN 80MS',
      'Sparkling Water 500ml',
      // ounces keep their O
      'CHEDDAR 3OZ',
    ]);
  });

  it('shows neither quantity nor price as confident on a line whose own figures disagree', () => {
    const { tables } = PRESETS.receipt;
    const read = (line: string) =>
      extractBySchema(doc(page(['KEDAI RUNCIT MAJU', 'GULA PASIR 1KG', line, 'TOTAL    6.11'])), {
        fields: [],
        tables,
      }).tables.items!.rows[0]!;
    const agreeing = read('2 x 3.05           6.10');
    expect(agreeing.qty?.confidence).toBeGreaterThanOrEqual(0.8);
    expect(agreeing.price?.confidence).toBeGreaterThanOrEqual(0.8);
    const disagreeing = read('2 x 3.05           6.11');
    expect([disagreeing.qty?.value, disagreeing.price?.value]).toEqual([2, 3.05]);
    expect(disagreeing.qty?.confidence).toBeLessThan(0.8);
    expect(disagreeing.price?.confidence).toBeLessThan(0.8);
  });

  it('names no figures after a totals label without a figure of its own (Total Items :)', () => {
    expect(
      receiptItems([
        'PIZZA EXPRESS SDN BHD',
        'Qty  Menu Desc          Coupon  Price',
        '1    HAWAIIAN TUNA (KB)          15.60',
        '                         8.90    15.60',
        'Total Items :',
        'Sub-Total :                      15.60',
      ]),
    ).toEqual([['HAWAIIAN TUNA (KB)', 1, 15.6]]);
  });

  it('finds the quantity and price among more columns by the amount they make', () => {
    expect(
      receiptItems([
        'GARDENIA BAKERIES (KL) SDN BHD',
        'Description   U.P   Iss  ExC  D  Sale  Amt(RM)',
        'O.C. WHITE    2.13   3    0   0    3     6.39',
        'WHOLEMEAL     2.78   5    1   0    4    11.12',
        'Highlighter Set 4    4    3.43          13.72',
        'Total Payable                           31.23',
      ]),
    ).toEqual([
      ['O.C. WHITE', 3, 2.13],
      ['WHOLEMEAL', 4, 2.78],
      ['Highlighter Set 4', 4, 3.43],
    ]);
  });

  it('reads a price printed before its count, a currency apart from its figure and a tax code in small letters', () => {
    expect(
      receiptItems([
        'UNIHAKKA INTERNATIONAL SDN BHD',
        'Item          Qty      Total',
        'SR I0010000060-4 Vege',
        '$5.50          1       $5.50',
        '2506 YONGCHUN MNDRN S  RM62.50 z',
        '5 X RM 12.50',
        'Total Amount:          $68.00',
      ]),
    ).toEqual([
      ['SR I0010000060-4 Vege', 1, 5.5],
      ['2506 YONGCHUN MNDRN', 5, 12.5],
    ]);
  });

  it('gives lines of words to the item above, unless figures without a name follow them', () => {
    expect(
      receiptItems([
        'KEDAI KOPI TAN',
        'Description                Unit Price   Amount',
        '711-Omega Half Boiled Egg',
        'RM 3.20      1               RM3.20 SR',
        '2022-House Specialty Hot & Spicy',
        'Pan Mee (Dry)',
        'RM 8.00      1               RM8.00 SR',
        'VALUE PACK A BP SER   1  235.85   235.85',
        '-CARBON FILTER BP SERIES',
        '-SEDIMENT FILTER BP SERIES',
        'Total Sales                     247.05',
      ]),
    ).toEqual([
      ['711-Omega Half Boiled Egg', 1, 3.2],
      ['2022-House Specialty Hot & Spicy Pan Mee (Dry)', 1, 8],
      ['VALUE PACK A BP SER -CARBON FILTER BP SERIES -SEDIMENT FILTER BP SERIES', 1, 235.85],
    ]);
  });

  it('reads weighed goods by their weight, before the name or under it', () => {
    expect(
      receiptItems([
        'FEINKOST LINDENHOF GMBH',
        'Datum: 25.08.2020 17:01',
        '2,479 kg Apfel Elstar        6,79',
        'Jonge kaas',
        '1,637 kg x 9,25             15,14',
        'Butter 250g                  2,85',
        'SUMME                       24,78',
      ]),
    ).toEqual([
      ['Apfel Elstar', 2.479, 2.74],
      ['Jonge kaas', 1.637, 9.25],
      ['Butter 250g', 1, 2.85],
    ]);
  });

  it('leaves article numbers, charges and the subtotal under an unknown label out of the items', () => {
    expect(
      receiptItems([
        'FERRETERIA SAN JUAN',
        'Fecha 2019-12-10 13:10',
        '9552204085248',
        'Tornillos 4x40 100 uds   2  3,95   7,90',
        'Pilas AA 4 uds 9554458509008  1  6,45  6,45',
        'Svc Chg 5%                       0,72',
        'Base                            14,35',
        'Dto.                            -1,00',
        'TOTAL (EUR)                     14,07',
      ]),
    ).toEqual([
      ['Tornillos 4x40 100 uds', 2, 3.95],
      ['Pilas AA 4 uds', 1, 6.45],
    ]);
  });

  it('reads the items when a count line under the totals names columns (Anzahl Artikel)', () => {
    expect(
      receiptItems([
        'CAFE SONNENSCHEIN GMBH',
        'Datum 07.11.2021 22:25',
        'Milchkaffee                  3,00',
        'Kasebrotchen                 7,76',
        '4@ 1,94',
        'Zwischensumme               10,76',
        'GESAMTBETRAG                10,76',
        'Anzahl Artikel: 2',
      ]),
    ).toEqual([
      ['Milchkaffee', 1, 3],
      ['Kasebrotchen', 4, 1.94],
    ]);
  });

  it('reads a name printed under its figures, and a name that goes on under its own line', () => {
    expect(
      receiptItems([
        'SYARIKAT PERNIAGAAN GIN KEE',
        'Doc No : CS00011955 Date: 02/12/2017',
        'Item      Qty   S/Price   Amount   Tax',
        '1587       1     7.42      7.42    SR',
        'SPRAY PAINT',
        'Total Qty 1                      7.42',
      ]),
    ).toEqual([['SPRAY PAINT', 1, 7.42]]);
    expect(
      receiptItems([
        'ROASTED DELIGHTS SDN BHD',
        'Description            Qty   Price   Amount',
        '(T02) BRAISED PORK     2.0    7.00    14.00',
        'RICE WITH PEANUT',
        '(B03) JASMINE GREEN    1.0    2.30     2.30',
        'TEA (HOT)',
        'Total Sales                          16.30',
      ]),
    ).toEqual([
      ['(T02) BRAISED PORK RICE WITH PEANUT', 2, 7],
      ['(B03) JASMINE GREEN TEA (HOT)', 1, 2.3],
    ]);
  });

  it('reads the figures of a line whose price and amount OCR ran together, or with a discount between', () => {
    expect(
      receiptItems([
        'HARDWARE MART SDN BHD',
        'TISSUE HOLDER Z-66 *S',
        'MC22-32-10/120',
        '9068477   2 X 5.3010.60',
        'HOOK 1526# *S',
        'MG12/3-32/-36/360',
        '9068722   1PC * 2.30 0.00 2.30',
        'TOTAL INCL. GST@6%    RM 12.90',
      ]),
    ).toEqual([
      ['TISSUE HOLDER Z-66 *S', 2, 5.3],
      ['HOOK 1526# *S', 1, 2.3],
    ]);
  });

  it('takes apart a quantity read glued to its price when together they make the amount', () => {
    expect(
      receiptItems([
        'PANADERIA LA PLAZA',
        'Fecha 2025-04-30 10:35',
        'Bocadillo de tortilla   35,60   16,80',
        'Cafe con leche           1,45    1,45',
        'TOTAL EUR                       18,25',
      ]),
    ).toEqual([
      ['Bocadillo de tortilla', 3, 5.6],
      ['Cafe con leche', 1, 1.45],
    ]);
  });
});
