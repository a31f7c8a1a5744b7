import { describe, expect, it } from 'vitest';

import { localesOf } from '../src/extract/locales/index.js';
import { findDates, parseAmount } from '../src/extract/parse.js';

describe('locale packs', () => {
  it.each([
    ['de', 'Rechnung Nr. 4711\nRechnungsdatum 15.03.2024\nGesamtbetrag 1.234,56 €\nMwSt 19%'],
    ['fr', 'Facture n° 12\nDate de facture 15/03/2024\nTotal TTC 1 234,56 €\nTVA 20%'],
    ['nl', 'Factuur\nFactuurdatum 15-03-2024\nTotaal te betalen € 1.234,56\nBTW 21%'],
    ['es', 'Factura Nº 7\nFecha de factura 15/03/2024\nBase imponible 1.000,00\nIVA 21%'],
    ['it', 'Fattura n. 7\nData fattura 15/03/2024\nImponibile 1.000,00\nIVA 22% Totale'],
    ['pt', 'Fatura Nº 7\nData de emissão 15/03/2024\nNIF 123456789\nIVA 23% Total a pagar'],
    ['ms', 'KEDAI MAJU SDN BHD\nJALAN AMAN, TAMAN JAYA\n47000 SELANGOR\nJUMLAH RM 9.00'],
  ])('chooses the %s pack from the words a document prints', (id, text) => {
    const ids = localesOf(text).map((p) => p.id);
    expect(ids).toContain(id);
    expect(ids).toContain('en');
  });

  it('does not choose a language from one shared word', () => {
    expect(localesOf('Total 12.00\nVia courier').map((p) => p.id)).toEqual(['en']);
  });

  it.each([
    ['15. März 2024', '2024-03-15'],
    ['15 mars 2024', '2024-03-15'],
    ['15 maart 2024', '2024-03-15'],
    ['3 de abril de 2024', '2024-04-03'],
    ['3 aprile 2024', '2024-04-03'],
    ['15 de março de 2024', '2024-03-15'],
    ['25 Disember 2018', '2018-12-25'],
    ['December 25, 2018', '2018-12-25'],
  ])('reads the month name in %s', (text, iso) => {
    expect(findDates(text)[0]?.iso).toBe(iso);
  });

  it.each([
    ['Documento commerciale 04 gen 2025', '2025-01-04'],
    ['Doc. n. 132-065826  20 giu 2024', '2024-06-20'],
    ['Talão n.º 108-234975  15 out 2024', '2024-10-15'],
    ['Data 1 set 2024', '2024-09-01'],
    ['Fecha 5 ene. 2024', '2024-01-05'],
    ['12 dic 2023 19:08', '2023-12-12'],
    ['Datum 3 mrt 2024', '2024-03-03'],
    ['Datum 3. Mrz. 2024', '2024-03-03'],
    ['Datum 9 dez 2024', '2024-12-09'],
  ])('reads the short month name in %s', (text, iso) => {
    expect(findDates(text)[0]?.iso).toBe(iso);
  });

  it('does not read a quantity of sets, or "out", before a price as a date', () => {
    expect(findDates('2 SET 10.00')).toEqual([]);
    expect(findDates('NASI LEMAK 1 SET 12.50')).toEqual([]);
    expect(findDates('3 out 15')).toEqual([]);
  });

  // OCR of a till's narrow font loses the space between date and time, and reads a leading O as 0
  it.each([
    ['Datum: 2016-05-1417:19', '2016-05-14'],
    ['Data 2018-03-12 17:58', '2018-03-12'],
    ['Tarikh 27 0go 2020 13:54:00', '2020-08-27'],
    ['Date: 03 0ct 2019', '2019-10-03'],
    ['Datum 5. 0kt. 2021', '2021-10-05'],
    ['Date de facture: 27,09.2025', '2025-09-27'],
  ])('reads a till date in %s', (text, iso) => {
    expect(findDates(text)[0]?.iso).toBe(iso);
  });

  it('does not read a zero inside a figure as a month', () => {
    expect(findDates('Total 10 0ct 2019').map((d) => d.iso)).toEqual(['2019-10-10']);
    expect(findDates('Ref 2023-1-200 12:00')).toEqual([]);
    expect(findDates('Total 1.234,56 EUR 2025')).toEqual([]);
  });

  it('reads amounts with a decimal comma and thousands points', () => {
    expect(parseAmount('1.234,56 €')).toBe(1234.56);
    expect(parseAmount('R$ 1.234,56')).toBe(1234.56);
  });
});
