import type { FieldDefinition } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import type { Box, Word } from '../src/document.js';
import { extractBySchema } from '../src/index.js';
import { doc, field, page, type LineSpec } from './extract-helpers.js';

const VENDOR: FieldDefinition = { key: 'vendor_name', label: 'Vendor', type: 'string' };

const vendorOf = (lines: LineSpec[], confidence = 1) =>
  extractBySchema(doc(page(lines, { confidence, height: 842 })), { fields: [VENDOR], tables: [] })
    .fields.vendor_name?.value;

const TABLE: LineSpec[] = [
  ['Description              Qty    Unit Price    Amount', 20, 300],
  'Consulting services       2        50.00      100.00',
  'Travel costs              1        40.00       40.00',
  '                          Total              140.00',
];

describe('the vendor of an invoice', () => {
  it("is the footer's company with its tax id, not the recipient's name in an envelope window", () => {
    const name = vendorOf([
      ['Transportes Santos S.A.', 20, 100],
      'Rua Augusta, 25',
      '15953-207 Belo Horizonte',
      ['Fatura FT 2024/6791', 20, 220],
      ...TABLE,
      ['Papelaria Oliveira S.A.       Tel. +55 81 3305 3974', 20, 760],
      'Avenida Central, 29            CNPJ 08.329.846/0001-29',
    ]);
    expect(name).toBe('Papelaria Oliveira S.A.');
  });

  it('is the seller block under the table, not a row of field labels at the top', () => {
    const name = vendorOf([
      ['INVOICE', 20, 40],
      'Invoice No.      Date',
      'INV-2022-408     30-09-2022',
      ...TABLE,
      ['From:', 20, 500],
      'Van Leeuwen Installatietechniek B.V.',
      'Julianalaan 99, 3077 TN Rotterdam',
      'VAT NL403382243B01   IBAN NL32 INGB 0001 2345 67',
    ]);
    expect(name).toBe('Van Leeuwen Installatietechniek B.V.');
  });

  it("keeps the letterhead when the footer names the same company, with the footer's legal form", () => {
    const name = vendorOf([
      ['Westmoor Trading', 20, 40],
      '12 Dock Road, Dublin 2',
      ...TABLE,
      ['Westmoor Trading DAC      VAT IE6388047V', 20, 760],
    ]);
    expect(name).toBe('Westmoor Trading DAC');
  });

  it('cuts a return-address line after the legal form ("BV") before the street', () => {
    const name = vendorOf(
      [
        ['Jansen Metaalbewerking BV Dorpsstraat 44 9000 Gent', 20, 60],
        'Meijer Drukkerij',
        ...TABLE,
      ],
      0.95,
    );
    expect(name).toBe('Jansen Metaalbewerking BV');
  });

  it('cuts a return-address line whose separators a scan read as periods or lost', () => {
    const returnLine = (line: string) =>
      vendorOf([[line, 20, 60], 'Meijer Drukkerij', ...TABLE], 0.95);
    // the separator read as a period glued to the street: the period is no part of "AG"
    expect(returnLine('Isar Metallbau AG.Industriestrasse 91.4027 Basel')).toBe(
      'Isar Metallbau AG',
    );
    // a form with a period of its own keeps it
    expect(returnLine('Papelaria Pereira Lda.Rua Augusta 12 1100-053 Lisboa')).toBe(
      'Papelaria Pereira Lda.',
    );
    // the house number run into the postcode, and the form's O read as a zero
    expect(returnLine('Zuidwest Installatietechniek V.0.F Keizersgracht 425640 DE Eindhoven')).toBe(
      'Zuidwest Installatietechniek V.O.F',
    );
  });

  it("reads a text layer's name as printed: an Italian word is not taken for an English one", () => {
    expect(vendorOf([['Forniture Greco S.r.l.', 20, 40], 'Via Roma 12, Milano', ...TABLE])).toBe(
      'Forniture Greco S.r.l.',
    );
  });

  it.each([
    // a sidebar: the name beside the title, its legal form wrapped onto the next line
    [
      [
        ['De Groene Kantoorartikelen                  Factuur', 20, 40],
        'V.O.F.',
        'Molenlaan 29',
        '3045 WA Rotterdam',
        'Tel. +31 10 548 7810',
      ],
      'De Groene Kantoorartikelen V.O.F.',
    ],
    // printed flush right, a label of the customer's column on a row between its two lines
    [
      [
        ['Construções Ferreira, Unipessoal', 350, 40],
        ['Cliente', 20, 46],
        ['Lda.', 518, 52],
        ['Gráfica Carvalho, Unipessoal Lda.', 20, 64],
        ['Rua Augusta, 34', 458, 70],
        ['Rua das Flores, 24', 20, 82],
        ['4203-370 Porto', 464, 88],
        ['1832-536 Lisboa', 20, 100],
        ['Contribuinte n.º 547765247', 398, 106],
      ],
      'Construções Ferreira, Unipessoal Lda.',
    ],
  ] as [LineSpec[], string][])(
    'joins a name whose legal form wrapped onto a line of its own (%#)',
    (lines, expected) => {
      expect(vendorOf([...lines, ...TABLE])).toBe(expected);
    },
  );

  it('reads an Italian footer whose "S.r.l." lost its last letter, over the window\'s recipient', () => {
    const name = vendorOf(
      [
        ['Informatica Lombarda S.p.A.      Data emissione: 1 settembre 2026', 20, 60],
        'Via Dante, 146',
        '40124 Bologna (BO)',
        ...TABLE,
        ['Informatica Ligure S.r.          contact@informaticaligure.example', 20, 760],
        'Viale Europa, 23                  Partita IVA IT20717714245',
      ],
      0.95,
    );
    expect(name).toBe('Informatica Ligure S.r.l.');
  });

  it('reads a footer whose name ends with a Brazilian form in capitals ("ME")', () => {
    const name = vendorOf([
      ['Eletricidade Ferreira S.A.', 20, 100],
      'Rua da Boavista, 115',
      '22535-312 Belo Horizonte - MG',
      ...TABLE,
      ['Gráfica Martins ME          Tel. +55 11 3959 4886', 20, 760],
      'Rua do Comércio, 170         accounts@graficamartins.example',
    ]);
    expect(name).toBe('Gráfica Martins ME');
  });

  it('keeps to the sender\'s column under "From:" beside a "Billed To:" label of two words', () => {
    const name = vendorOf([
      ['Invoice Number: INV-50258', 330, 20],
      ['TAX INVOICE        Date: 27 May 2022', 50, 40],
      ['From:                             Billed To:', 50, 124],
      ['Oakfield Building Services Limited Copperfield Logistics Ltd', 50],
      ['49 Bridge Street                   107 Station Street', 50],
      ...TABLE,
    ]);
    expect(name).toBe('Oakfield Building Services Limited');
  });

  it('reads the whole Mexican form "S.A. de C.V." of an issuer\'s footer', () => {
    const name = vendorOf([
      ['Graficas Serrano S.A de C.V.   Blvd. Avila Camacho 231', 20, 60],
      ['Consultores Ruiz S.C.', 20, 80],
      'Av. Reforma 120',
      ...TABLE,
      ['Gráficas Serrano S.A. de C.V.          info@graficasserrano.example', 20, 760],
      'Blvd. Ávila Camacho 231                RFC GSE0506173K2',
    ]);
    // the return line printed over the window and the footer name the same company; either way
    // the name ends with its whole form
    expect(name).toMatch(/^Gr[aá]ficas Serrano S\.A\.? de C\.V\.$/);
  });

  it('takes the upper line when a slanted scan read the name and its street as one row', () => {
    const p = page(['placeholder', '20893 Hamburg', 'Tel. +49 40 116 7472', ...TABLE], {
      confidence: 0.95,
    });
    const word = (text: string, box: Box): Word => ({ text, box, confidence: 0.95 });
    // "Taunus-Metallbau AG" over "Schillerstraße 170", read into one line
    const words = [
      word('Schillerstraße', [20, 14, 104, 26]),
      word('Taunus-Metallbau', [22, 6, 118, 18]),
      word('170', [110, 14, 128, 26]),
      word('AG', [124, 6, 136, 18]),
    ];
    p.lines[0] = { words, text: words.map((w) => w.text).join(' '), box: [20, 6, 136, 26] };
    p.words = p.lines.flatMap((l) => l.words);
    const name = extractBySchema(doc(p), { fields: [VENDOR], tables: [] }).fields.vendor_name
      ?.value;
    expect(name).toBe('Taunus-Metallbau AG');
  });
});

describe('values under labels printed side by side', () => {
  it("keep to their own label's column where the names under them read as one run", () => {
    const schema = {
      fields: [field('supplier', 'Supplier', 'string'), field('customer', 'Customer', 'string')],
      tables: [],
    };
    const r = extractBySchema(
      doc(page(['Supplier:       Customer:', 'Acme Tools Ltd  Beta Works GmbH', 'Invoice 1042'])),
      schema,
    );
    expect(r.fields.supplier?.value).toBe('Acme Tools Ltd');
    expect(r.fields.customer?.value).toBe('Beta Works GmbH');
  });
});
