import { describe, expect, it } from 'vitest';

import { extractBySchema } from '../src/index.js';
import { doc, field, page, type LineSpec } from './extract-helpers.js';

const schema = { fields: [field('bill_to', 'Bill to', 'string')], tables: [] };

const billTo = (lines: LineSpec[]) => {
  const r = extractBySchema(doc(page(lines, { height: 842 })), schema).fields.bill_to;
  return { value: r?.value ?? null, confidence: r?.confidence ?? 0 };
};

const TABLE: LineSpec[] = [
  ['Description              Qty    Unit Price    Amount', 20, 400],
  'Consulting services       2        50.00      100.00',
  '                          Total              100.00',
];

describe('the customer of an invoice', () => {
  it('is the name under its label, joined over the lines a narrow column wraps it onto', () => {
    const { value } = billTo([
      ['Harbour Print Works Ltd', 20, 40],
      '12 Quay Street, Dublin',
      ['Invoice To:', 20, 140],
      'Van Leeuwen',
      'Metaalbewerking BV',
      'Industrieweg 70',
      '9000 Gent',
      ...TABLE,
    ]);
    expect(value).toBe('Van Leeuwen Metaalbewerking BV');
  });

  it('takes a line that is only the rest of the legal form, and stops at the address', () => {
    const { value } = billTo([
      ['Bill To:', 20, 140],
      'Kestrel Building Services Pty.',
      'Ltd.',
      '475 Mill Lane',
      ...TABLE,
    ]);
    expect(value).toBe('Kestrel Building Services Pty. Ltd.');
  });

  it('is never the customer number printed under a customer label', () => {
    const { value } = billTo([
      ['Invoice no: INV-59435', 300, 40],
      ['Customer No:   946480', 300, 60],
      ['Bill To:', 20, 140],
      'Northgate Logistics Pty Ltd',
      '475 Mill Lane',
      ...TABLE,
    ]);
    expect(value).toBe('Northgate Logistics Pty Ltd');
  });

  it("keeps to its label's column where the next block's label stands on the same row", () => {
    const { value } = billTo([
      ['Bill To                       Ship To', 20, 140],
      'Ashworth & Whitfield          Ashworth & Whitfield Limited',
      'Limited                       92 Market Place',
      '211 Victoria Street           Manchester',
      ...TABLE,
    ]);
    expect(value).toBe('Ashworth & Whitfield Limited');
  });

  it("reads a label alone on its row over its column, not the issuer's block beside it", () => {
    const { value } = billTo([
      ['Graficas Garcia S.A. de C.V.', 320, 40],
      ['Customer', 20, 60],
      ['Av. Insurgentes Sur 228', 320, 80],
      ['Distribuciones Romero S.A.', 20, 100],
      ['02914 Ciudad de Mexico', 320, 120],
      ['Calle Hidalgo 282', 20, 140],
      ...TABLE,
    ]);
    expect(value).toBe('Distribuciones Romero S.A.');
  });

  it('is the postal block in an envelope window when no label names it, less confidently', () => {
    const lines: LineSpec[] = [
      ['Stonebrook Print Works Pty Ltd', 20, 40],
      '472 Bridge Street',
      'Fremantle WA 6160',
      'ABN: 07 295 807 634',
      ['Northgate Logistics Pty. Ltd.', 20, 160],
      '475 Mill Lane',
      'Fortitude Valley QLD 4006',
      ...TABLE,
    ];
    const windowed = billTo(lines);
    expect(windowed.value).toBe('Northgate Logistics Pty. Ltd.');
    const labelled = billTo([...lines.slice(0, 4), ['Bill To:', 20, 140], ...lines.slice(4)]);
    expect(labelled.value).toBe('Northgate Logistics Pty. Ltd.');
    expect(windowed.confidence).toBeLessThan(labelled.confidence);
  });

  it('reads a label printed exactly over a longer one it is one letter from', () => {
    // "Facturé à" is printed; "Facturer à" is one letter from it
    const { value } = billTo([
      ['FACTURE', 20, 40],
      'Date de facture : 12/03/2026',
      ['Vendeur                       Facturé à', 20, 140],
      'Plomberie Chevalier SRL       Imprimerie Chevalier',
      'Rue Haute 13                  SA',
      '5000 Namur                    Avenue Louise 26',
      ...TABLE,
    ]);
    expect(value).toBe('Imprimerie Chevalier SA');
  });

  it('ends at a Brazilian form in capitals and never runs on into a street without its number', () => {
    const { value } = billTo([
      ['FATURA', 20, 40],
      'Data: 01/01/2026',
      ['Emitente                      Cliente', 20, 140],
      'Comercial Martins S.A.        Serralharia Oliveira',
      'Avenida Central, 126          ME',
      '02377-806 Sao Paulo - SP      Avenida da Liberdade,',
      ...TABLE,
    ]);
    expect(value).toBe('Serralharia Oliveira ME');
  });

  it('joins a wrapped name whose second line carries the whole legal form', () => {
    const { value } = billTo([
      ['FACTURA', 20, 40],
      'Fecha de factura: 07-10-2022',
      ['Emisor                          Facturar a', 20, 140],
      'Informatica Molina S. de R.L.   Distribuciones',
      'Av. Insurgentes Sur 277         Navarro S.A. de C.V.',
      '08111 Ciudad de Mexico          Calle Morelos 95',
      ...TABLE,
    ]);
    expect(value).toBe('Distribuciones Navarro S.A. de C.V.');
  });

  it("stops at the next block's label printed close beside its own, without a colon", () => {
    const { value } = billTo([
      ['FACTURE', 20, 40],
      'Date de facture : 12/03/2026',
      ['Adresse de facturation  Adresse de livraison', 20, 140],
      'Menuiserie Lambert SAS  Menuiserie Lambert SAS',
      '30 rue des Lilas        95 rue des Lilas',
      ...TABLE,
    ]);
    expect(value).toBe('Menuiserie Lambert SAS');
  });

  it.each([
    ['N.º de cliente   K222736'],
    // "º" read as "#" by a scan
    ['N.# de cliente:   K222736'],
  ])('never reads under a customer-number label (%s), however it prints "N.º"', (label) => {
    const { value } = billTo([
      ['Transportes Carvalho, S.A.', 20, 40],
      'Contribuinte n.º 201252969',
      [label, 20, 120],
      'Enviar para',
      'Eletricidade Sousa, S.A.',
      'Rua da Boavista, 121',
      ...TABLE,
    ]);
    expect(value).toBe('Eletricidade Sousa, S.A.');
  });

  it("reads under a customer label whose row goes on with another column's reference", () => {
    const { value } = billTo([
      ['Gráfica Oliveira ME', 200, 40],
      ['CNPJ 66.254.594/0001-55', 200, 60],
      ['Cliente                                    Ref. encomenda   PO-48891', 20, 140],
      'Comercial Rodrigues',
      'ME',
      'Rua Augusta, 110',
      ...TABLE,
    ]);
    expect(value).toBe('Comercial Rodrigues ME');
  });

  it('joins a "Co." wrapped onto its own line in the customer\'s column', () => {
    const { value } = billTo([
      ['Supplier:                    Customer:', 20, 60],
      'Bluewater Logistics Inc.     Ironbridge Trading',
      '84 Main Street               Co.',
      'Portland, OR 66173           362 Main Street',
      ...TABLE,
    ]);
    expect(value).toBe('Ironbridge Trading Co.');
  });

  it("ends the block under a label at another block's label", () => {
    const { value } = billTo([
      ['FATURA', 20, 40],
      'Data de emissão: 22/08/2026',
      ['Cliente:', 20, 120],
      'Faturar a:',
      'Gráfica Oliveira ME',
      'Travessa do Carmo, 16',
      ...TABLE,
    ]);
    expect(value).toBe('Gráfica Oliveira ME');
  });

  it('reads the French "SAS" as a legal form closing a name in an envelope window', () => {
    const { value } = billTo([
      ['Menuiserie des Alpes SA   478 avenue Jean Jaurès   44000 Nantes', 20, 40],
      ['Plomberie de la Loire SAS', 20, 60],
      '367 place de la Gare',
      '59000 Lille',
      ...TABLE,
    ]);
    expect(value).toBe('Plomberie de la Loire SAS');
  });
});
