import { describe, expect, it } from 'vitest';

import { extractBySchema } from '../src/index.js';
import { cellsAt, doc, field, page } from './extract-helpers.js';

const schema = {
  fields: [
    field('invoice_date', 'Invoice Date', 'date'),
    field('due_date', 'Due Date', 'date'),
    field('po_number', 'PO Number', 'string'),
  ],
  tables: [],
};

const read = (lines: string[]) => extractBySchema(doc(page(lines)), schema).fields;

describe('labels of an invoice header', () => {
  it('are read cell by cell: two header cells far apart are not one label', () => {
    // "Date" and "Due" head two columns: together they would read as "Date due"
    const fields = read([
      'TAX INVOICE',
      'Invoice #         Date              Due               Customer No.',
      'SI734454          04/09/2026        19/10/2026        D7485',
    ]);
    expect(fields.invoice_date?.value).toBe('2026-09-04');
    expect(fields.due_date?.value).toBe('2026-10-19');
  });

  it('read the value under each label where longer values reach into the next column', () => {
    const fields = read([
      'FACTURA',
      'Factura n.º     Fecha                Fecha de vencimiento    Código cliente',
      'F-2025-2873     6 de mayo de 2025    13 de mayo de 2025      924717',
    ]);
    expect(fields.invoice_date?.value).toBe('2025-05-06');
    expect(fields.due_date?.value).toBe('2025-05-13');
  });

  it('take the value far right of a label over the item table, not a column header under it', () => {
    const fields = read([
      'INVOICE',
      'Due Date                      28/05/2026',
      'PO #                          450042162',
      'Description   Quantity   Unit Cost   Total',
      'Cable ties 300 mm   11   190.78   2,098.58',
    ]);
    expect(fields.po_number?.value).toBe('450042162');
  });

  it('read a flush-left value under its own label where the value before runs on into its column', () => {
    const fields = read([
      'FATURA',
      cellsAt([
        [0, 'N.º da fatura'],
        [16, 'Data da fatura'],
        [40, 'Data de vencimento'],
        [64, 'Código'],
      ]),
      cellsAt([
        [0, '589252'],
        [16, '3 de fevereiro de 2024'],
        [40, '10 de fevereiro de 2024'],
        [64, 'C-2867'],
      ]),
    ]);
    expect(fields.invoice_date?.value).toBe('2024-02-03');
    expect(fields.due_date?.value).toBe('2024-02-10');
  });

  it('join a name under its label with its legal form wrapped onto the next line', () => {
    const fields = extractBySchema(
      doc(
        page([
          'FATURA',
          'Fornecedor                        Exmo.(s) Sr.(s)',
          'Papelaria Rodrigues, Unipessoal   Serralharia Santos,',
          'Lda.                              Unipessoal Lda.',
          'Rua Augusta, 12                   Rua do Carmo, 7',
        ]),
      ),
      { fields: [field('vendor', 'Vendor', 'string')], tables: [] },
    ).fields;
    expect(fields.vendor?.value).toBe('Papelaria Rodrigues, Unipessoal Lda.');
  });

  it('read past a speck between a label and its value', () => {
    const scan = page(
      [
        'FACTURE',
        "N° de facture: '      FA771371      Date: 25/03/2023",
        'À régler avant le: 01/04/2023',
        'Total TTC   120,00 €',
      ],
      { confidence: 0.97 },
    );
    // the speck is read with little confidence, as a scan reads one
    for (const w of scan.words) if (w.text === "'") w.confidence = 0.37;
    const fields = extractBySchema(doc({ ...scan, method: 'ocr' }), {
      fields: [field('invoice_number', 'Invoice Number', 'string')],
      tables: [],
    }).fields;
    expect(fields.invoice_number?.value).toBe('FA771371');
  });

  it('match an abbreviation whose O a scan read as a zero ("P.0. #")', () => {
    const fields = read(['TAX INVOICE', 'Invoice No.   INV-2025-2476', 'P.0. #   4500689674']);
    expect(fields.po_number?.value).toBe('4500689674');
  });

  it.each([
    [
      'Spanish',
      ['FACTURA', 'Fecha de factura: 07-10-2022', 'Vencimiento: 21-11-2022', 'Pedido   BE-374616'],
      'BE-374616',
      '2022-11-21',
    ],
    [
      'Portuguese',
      ['FATURA', 'Data: 01/01/2026', 'Vencimento: 31/01/2026', 'N.º de encomenda:   PO4119'],
      'PO4119',
      '2026-01-31',
    ],
    [
      'French',
      [
        'FACTURE',
        "Date d'émission: 04-01-2024",
        'À régler avant le: 18-02-2024',
        'TVA 20%   20,00 €',
        'Total TTC   120,00 €',
      ],
      null,
      '2024-02-18',
    ],
  ])('name the order and the due date of a %s invoice', (_language, lines, po, due) => {
    const fields = read(lines);
    expect(fields.po_number?.value ?? null).toBe(po);
    expect(fields.due_date?.value).toBe(due);
  });
});
