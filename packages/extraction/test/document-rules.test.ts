import { describe, expect, it } from 'vitest';

import type { Page } from '../src/document.js';
import { addressWordFor, repairAddressWords } from '../src/extract/address-words.js';
import {
  extractBySchema,
  extractWithSignals,
  parseAmount,
  parseDate,
} from '../src/extract/index.js';
import {
  isPlausibleDocumentDate,
  plausibleMisread,
  withoutDocumentTitle,
} from '../src/extract/fields.js';
import { doc, field, lineOfWords, page, scannedPage } from './extract-helpers.js';

const RECEIPT = {
  fields: [
    field('company', 'Company', 'string'),
    field('date', 'Date', 'date'),
    field('address', 'Address', 'string'),
    field('total', 'Total', 'currency'),
  ],
  tables: [],
};

/** An OCR'd page: every word read with `confidence`, except the words listed with their own. */
function ocrPage(lines: string[], confidence = 0.95, doubtful: Record<string, number> = {}): Page {
  const p = page(lines, { confidence });
  for (const w of p.words) w.confidence = doubtful[w.text] ?? confidence;
  return { ...p, method: 'ocr' };
}

describe('document dates', () => {
  it('repairs a zero that OCR read as a letter or another digit inside the year', () => {
    expect(parseDate('Date : 17/06/2C18 7:36:12 PM')).toBe('2018-06-17');
    expect(parseDate('Rabu, 10-05-2817 Time : 21:51')).toBe('2017-05-10');
    expect(parseDate('25.12.2O18')).toBe('2018-12-25');
    // a real date is left alone, and a number is not made into a date
    expect(parseDate('01/02/2099')).toBe('2099-02-01');
    expect(parseDate('Qty 2817')).toBeNull();
  });

  it('treats dates far in the future as misreadings for a document date', () => {
    const now = new Date(Date.UTC(2024, 5, 1));
    expect(isPlausibleDocumentDate('2024-12-31', now)).toBe(true);
    expect(isPlausibleDocumentDate('2025-03-01', now)).toBe(true);
    expect(isPlausibleDocumentDate('2030-11-22', now)).toBe(false);
    expect(isPlausibleDocumentDate('1975-01-01', now)).toBe(false);
  });

  it('prefers the unlabelled date printed beside a time over a date-like item code', () => {
    const d = doc(
      ocrPage([
        'HARDWARE TRADING SDN BHD',
        'XE11-22 - 30      2X   7.30',
        'TOTAL   RM 14.60',
        '24-01-16 11:44 SH01',
      ]),
    );
    const r = extractBySchema(d, RECEIPT);
    expect(r.fields.date?.value).toBe('2016-01-24');
    expect(r.fields.date?.source?.box[1]).toBe(80);
  });

  it("prefers the invoice date over the order date for a document's date", () => {
    const d = doc(
      page(['Order Date: 15-10-2015', 'Invoice Date: 20-10-2015', 'Grand Total   319.00']),
    );
    const r = extractBySchema(d, { fields: [field('date', 'Date', 'date')], tables: [] });
    expect(r.fields.date?.value).toBe('2015-10-20');
    const order = extractBySchema(d, {
      fields: [field('order_date', 'Order Date', 'date')],
      tables: [],
    });
    expect(order.fields.order_date?.value).toBe('2015-10-15');
  });
});

describe('receipt totals checked against what was paid', () => {
  const totalOnly = { fields: [field('total', 'Total', 'currency')], tables: [] };

  it('takes the rounded amount paid when the total line shows the unrounded sum', () => {
    const d = doc(
      ocrPage(['Total Sales Inclusive GST   28.31', 'CASH   50.00', 'Change:   21.70']),
    );
    const r = extractBySchema(d, totalOnly);
    expect(r.fields.total?.value).toBe(28.3);
    expect(r.fields.total?.source?.box[1]).toBe(40);
  });

  it('trusts cash less change over a total the OCR was unsure of', () => {
    const lines = ['Total Incl. GST   RM 55.20', 'CASH   RM 100.20', 'CHANGE   RM 47.00'];
    const unsure = extractBySchema(doc(ocrPage(lines, 0.95, { '55.20': 0.45 })), totalOnly);
    expect(unsure.fields.total?.value).toBe(53.2);
    expect(unsure.fields.total?.confidence).toBeLessThan(0.6);
    // read with the same certainty, the printed total stands, with a doubtful confidence
    const sure = extractBySchema(doc(ocrPage(lines)), totalOnly);
    expect(sure.fields.total?.value).toBe(55.2);
    expect(sure.fields.total?.confidence).toBeLessThan(0.8);
  });

  it('reads the amount tendered before the cash line, which some tills use for the bill', () => {
    const d = doc(
      ocrPage([
        'Total Sales Incl GST   RM 8.60',
        'Cash   8.60',
        'Tendered   9.00',
        'Change   0.40',
      ]),
    );
    const r = extractBySchema(d, totalOnly);
    expect(r.fields.total?.value).toBe(8.6);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('ignores cash and change amounts that were read doubtfully', () => {
    const d = doc(
      ocrPage(['TOTAL   RM 14.10', 'CASH   RM 20.00', 'CHANGE   RM 9.90'], 0.95, { '9.90': 0.4 }),
    );
    const r = extractBySchema(d, totalOnly);
    expect(r.fields.total?.value).toBe(14.1);
  });

  it('settles a total read two ways by the reading that agrees with the card payment', () => {
    const p = ocrPage([
      'Total Sales (Inclusive GST) RM   41.65',
      'CREDIT RM   61.65',
      'CHANGE RM   00',
    ]);
    const misread = p.words.find((w) => w.text === '41.65')!;
    const r0 = extractBySchema(doc(p), totalOnly);
    // one reading, against the payment: the printed total stands, doubtfully
    expect(r0.fields.total?.value).toBe(41.65);
    expect(r0.fields.total?.confidence).toBeLessThan(0.8);
    misread.alternatives = [{ text: '61.65', confidence: 0.8 }];
    const r = extractBySchema(doc(p), totalOnly);
    expect(r.fields.total?.value).toBe(61.65);
    expect(r.fields.total?.source?.box[1]).toBe(20);
  });

  it('confirms a total by the item lines that add up to it, not by lines that do not', () => {
    const receipt = (secondItem: string) =>
      doc(
        ocrPage([
          'KEDAI RUNCIT MAJU',
          'MILO 1KG                 18.50',
          `ROTI GARDENIA            ${secondItem}`,
          'SUGAR 2KG                 5.60',
          'TOTAL                    27.30',
        ]),
      );
    const added = extractWithSignals(receipt('3.20'), totalOnly);
    expect(added.result.fields.total?.value).toBe(27.3);
    expect(added.signals.total?.arithmetic).toBe('agrees');
    const apart = extractWithSignals(receipt('3.90'), totalOnly);
    expect(apart.result.fields.total?.value).toBe(27.3);
    expect(apart.signals.total?.arithmetic).not.toBe('agrees');
    expect(added.result.fields.total!.confidence).toBeGreaterThan(
      apart.result.fields.total!.confidence,
    );
  });

  it('keeps the first reading of a total when a second reading is a different number', () => {
    const p = ocrPage(['TOTAL   104.00', 'CARD   4.00']);
    p.words.find((w) => w.text === '104.00')!.alternatives = [{ text: '(04.00', confidence: 0.6 }];
    const r = extractBySchema(doc(p), totalOnly);
    expect(r.fields.total?.value).toBe(104);
  });

  it('lowers the confidence of a total whose two readings disagree with nothing to settle it', () => {
    const p = ocrPage(['TOTAL   64.50']);
    const sure = extractBySchema(doc(p), totalOnly).fields.total!;
    p.words.find((w) => w.text === '64.50')!.alternatives = [{ text: '54.50', confidence: 0.6 }];
    const doubtful = extractBySchema(doc(p), totalOnly).fields.total!;
    expect(doubtful.value).toBe(64.5);
    expect(doubtful.confidence).toBeLessThan(sure.confidence);
  });

  it('takes a card payment, which gets no change, as what was paid', () => {
    const lines = ['Total Sales Incl GST   RM 55.20', 'VISA   RM 53.20'];
    const r = extractBySchema(doc(ocrPage(lines, 0.95, { '55.20': 0.45 })), totalOnly);
    expect(r.fields.total?.value).toBe(53.2);
    expect(r.fields.total?.confidence).toBeLessThan(0.6);
    const agreeing = extractBySchema(doc(ocrPage([lines[0]!, 'VISA   RM 55.20'])), totalOnly);
    expect(agreeing.fields.total?.value).toBe(55.2);
    expect(agreeing.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('falls back to cash less change when no total label was read', () => {
    // a row under a garbled label prints the same figure: cash, change and that row agree
    const d = doc(ocrPage(['Mots] Incl. GSTA6Y   RM 9.90', 'CASH   RM 10.00', 'CHANGE   RM 0.10']));
    const r = extractBySchema(d, totalOnly);
    expect(r.fields.total?.value).toBe(9.9);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
    // with no other row printing it, the payment alone is not confident
    const alone = extractBySchema(doc(ocrPage(['CASH   RM 10.00', 'CHANGE   RM 0.10'])), totalOnly);
    expect(alone.fields.total?.value).toBe(9.9);
    expect(alone.fields.total?.confidence).toBeLessThan(0.8);
  });
});

describe('second OCR readings of a figure', () => {
  it('count as the same figure only when they differ in a digit or complete lost decimals', () => {
    expect(plausibleMisread('41.65', '61.65')).toBe(true);
    expect(plausibleMisread('30.', '30.00')).toBe(true);
    expect(plausibleMisread('104.00', '(04.00')).toBe(false);
    expect(plausibleMisread('54.31', '5.31')).toBe(false);
    expect(plausibleMisread('17.73', '11.48')).toBe(false);
  });
});

describe('company names', () => {
  it('reads braces and stray strokes around brackets as round brackets', () => {
    for (const printed of ['GARDENIA BAKERIES/(KL) SDN BHD', 'GARDENIA BAKERIES {KL} SDN BHD']) {
      const r = extractBySchema(doc(ocrPage([printed, 'LOT 3, JALAN PELABUR 23/1'])), RECEIPT);
      expect(r.fields.company?.value).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    }
  });

  it('joins a name that continues on the next line with its legal form', () => {
    const d = doc(
      ocrPage([
        'AIK HUAT HARDWARE',
        'ENTERPRISE (SETIA ALAM) SDN BHD',
        'NO. 17-G, JALAN SETIA INDAH',
        '40170 SHAH ALAM',
      ]),
    );
    const r = extractBySchema(d, RECEIPT);
    expect(r.fields.company?.value).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    expect(r.fields.address?.value).toBe('NO. 17-G, JALAN SETIA INDAH 40170 SHAH ALAM');
  });

  it('keeps a trade word OCR read without doubt, and adds back a letter it lost', () => {
    const company = (lines: string[]) =>
      extractBySchema(doc(ocrPage(lines, 0.99)), RECEIPT).fields.company?.value;
    expect(company(['PASTELARIA ESTRELA LDA.', 'RUA DA BOAVISTA, 20', '4050-111 PORTO'])).toBe(
      'PASTELARIA ESTRELA LDA.',
    );
    expect(company(['SANYU STATONERY SHOP', 'NO. 31G, JALAN SETIA INDAH', '40170 SHAH ALAM'])).toBe(
      'SANYU STATIONERY SHOP',
    );
  });

  it('does not take the line under a clerk\'s name as the vendor ("Vendeur: PAUL")', () => {
    const r = extractBySchema(
      doc(
        page([
          'Bricolage du Port',
          '12 quai des Chartrons',
          '33000 Bordeaux',
          'Ticket n° 4411',
          'Vendeur: PAUL',
          'Clous 50 mm boîte de 200     3,10',
          'Total TTC     3,10 €',
        ]),
      ),
      RECEIPT,
    );
    expect(r.fields.company?.value).toBe('Bricolage du Port');
  });

  it('joins a legal form split over two lines of a narrow receipt', () => {
    const r = extractBySchema(
      doc(ocrPage(['SINAR JAYA TRADING SDN', 'BHD', 'NO. 8, JALAN KENANGA 3', '30250 IPOH'])),
      RECEIPT,
    );
    expect(r.fields.company?.value).toBe('SINAR JAYA TRADING SDN BHD');
    expect(r.fields.address?.value).toBe('NO. 8, JALAN KENANGA 3 30250 IPOH');
  });

  it("takes the issuer's name beside the document title on invoices", () => {
    expect(withoutDocumentTitle('Amazon Web Services Invoice')).toBe('Amazon Web Services');
    expect(withoutDocumentTitle('FACTUUR. Coolblue B.V.')).toBe('Coolblue B.V.');
    expect(withoutDocumentTitle('TAX INVOICE')).toBe('');
    expect(withoutDocumentTitle('Retail Invoices/Bill')).toBe('');
    const r = extractBySchema(
      doc(page(['Amazon Web Services Invoice', 'Invoice Number:   42183017'])),
      { fields: [field('issuer', 'Vendor', 'string')], tables: [] },
    );
    expect(r.fields.issuer?.value).toBe('Amazon Web Services');
  });

  it('takes the account holder of the bank details as the issuer', () => {
    const d = doc(
      page([
        ['ALEXINUX', 380, 20],
        ['27 rue Henri Rolland', 380, 40],
        ['Facture n° 2022089083', 200, 80],
        ['Virement   BRED BANQUE POPULAIRE – Titulaire du compte : NETPRESSE', 20, 300],
      ]),
    );
    const r = extractBySchema(d, { fields: [field('issuer', 'Vendor', 'string')], tables: [] });
    expect(r.fields.issuer?.value).toBe('NETPRESSE');
  });
});

describe('addresses', () => {
  it('repairs misread address words and leaves names and numbers as printed', () => {
    expect(repairAddressWords('43300 SERT KEMBANGAN, SE_ANGOR')).toBe(
      '43300 SERI KEMBANGAN, SELANGOR',
    );
    expect(repairAddressWords('67,JLN MEWAH 25/63 THN SRI MUDA')).toBe(
      '67,JLN MEWAH 25/63 TMN SRI MUDA',
    );
    expect(repairAddressWords('KAWASAN PERINJUSTRIAN BALAKONG')).toBe(
      'KAWASAN PERINDUSTRIAN BALAKONG',
    );
    expect(repairAddressWords('Mukim Batu, JIn Besar Kepong')).toBe('Mukim Batu, Jln Besar Kepong');
    expect(repairAddressWords('TAMAN DAYA, Jalan Tan Siew')).toBe('TAMAN DAYA, Jalan Tan Siew');
    expect(addressWordFor('KEPONG')).toBeNull();
  });

  it('reads the address between the company and the first contact line, repaired', () => {
    const d = doc(
      ocrPage([
        'MR. D.I.Y. (M) SDN BHD',
        '(CO.REG :860671-D)',
        'LOT 1851-A & 1851-B, JALAN KPB 6,',
        'KAWASAN PERINJUSTRIAN BALAKONG,',
        '43300 SERT KEMBANGAN, SELANGOR',
        '(GST ID No :000306020352)',
      ]),
    );
    const r = extractBySchema(d, RECEIPT);
    expect(r.fields.address?.value).toBe(
      'LOT 1851-A & 1851-B, JALAN KPB 6, KAWASAN PERINDUSTRIAN BALAKONG, 43300 SERI KEMBANGAN, SELANGOR',
    );
  });
});

describe('invoice numbers and currencies', () => {
  it('reads a booking ID printed under its label as the document number', () => {
    const d = doc(
      page([
        ['PAYMENT RECEIPT', 120, 20],
        ['Booking ID       Payment Mode', 300, 100],
        ['IBZY2087         Cash at Hotel', 300, 116],
        ['Grand Total   Rs 1939', 20, 200],
      ]),
    );
    const r = extractBySchema(d, {
      fields: [
        field('invoice_number', 'Invoice Number', 'string'),
        field('currency', 'Currency', 'string'),
      ],
      tables: [],
    });
    expect(r.fields.invoice_number?.value).toBe('IBZY2087');
    expect(r.fields.currency?.value).toBe('INR');
  });

  it('recognises rupees before a negative amount', () => {
    const d = doc(
      page(['Price is inclusive of Promotional Discount of Rs -40.00', 'Total   319.00']),
    );
    const r = extractBySchema(d, { fields: [field('currency', 'Currency', 'string')], tables: [] });
    expect(r.fields.currency?.value).toBe('INR');
  });
});

describe('invoice totals read from a scan', () => {
  const totals = {
    fields: [
      field('subtotal', 'Subtotal', 'currency'),
      field('tax', 'Tax', 'currency'),
      field('total', 'Total', 'currency'),
    ],
    tables: [],
  };

  it('reads cents set apart from the decimal comma as one amount', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'FACTUUR',
          'Subtotaal   4.129,23',
          '21% BTW   867,14',
          'Totaal incl. btw   4.996, 37',
        ]),
      ),
      totals,
    );
    expect(r.fields.total?.value).toBe(4996.37);
    expect(parseAmount('1, 537.40', '.')).toBe(1537.4);
    expect(parseAmount('12.996, 37 €', ',')).toBe(12996.37);
    // a date printed with spaces is not joined into an amount
    expect(parseAmount('12. 05. 2024', '.')).toBe(12);
  });

  it('gives back the cent figure a total lost by net + tax, and keeps it confident', () => {
    const r = extractBySchema(
      doc(
        ocrPage(['FACTURE', 'Sous-total   1402,11', 'TVA 20 %   280,42', 'Montant TTC   1682,5']),
      ),
      totals,
    );
    expect(r.fields.total?.value).toBe(1682.53);
    expect(r.fields.total?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('reads a tax figure split after its thousands mark', () => {
    const r = extractBySchema(
      doc(ocrPage(['Total excl. tax   15,373.98', 'GST 10%   1, 537.40', 'Total Due   16,911.38'])),
      totals,
    );
    expect(r.fields.tax?.value).toBe(1537.4);
  });

  it('gives back the first cent figure a total lost, though the rest is then out of balance', () => {
    const r = extractBySchema(
      doc(
        ocrPage([
          'FATURA',
          'Total s/ IVA:   1207,50',
          'IVA (23%):   277,73',
          'Total c/ IVA:   1485,3',
        ]),
      ),
      totals,
    );
    expect(r.fields.total?.value).toBe(1485.23);
  });

  it('reads a tax row whose cents a scan set apart, and a tax that lost a cent figure', () => {
    const apart = extractBySchema(
      doc(
        ocrPage([
          'Total HT   12.361,98 EUR',
          'TVA 21 %:   2.596, 02 EUR',
          'Total à payer   14.958,00 EUR',
        ]),
      ),
      totals,
    );
    expect(apart.fields.tax?.value).toBe(2596.02);
    const lost = extractBySchema(
      doc(ocrPage(['Net Amount:   32,508.59', 'Total VAT:   6,993.9', 'Total Due:   39,501.98'])),
      totals,
    );
    expect(lost.fields.tax?.value).toBe(6993.39);
    expect(lost.fields.tax?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('leaves a total rounded to one cent figure alone when net + tax do not start with it', () => {
    const r = extractBySchema(
      doc(ocrPage(['Subtotal   95.24', 'Tax 5%   4.76', 'Total   100.0'])),
      totals,
    );
    expect(r.fields.total?.value).toBe(100);
  });
});

describe('values under a row of labels', () => {
  /** A scanned line of words, each [text, x0, y0, x1, y1]: a skewed scan's words climb along it. */
  const scannedLine = (specs: [string, number, number, number, number][]) =>
    lineOfWords(
      specs.map(([text, x0, y0, x1, y1]) => ({ text, box: [x0, y0, x1, y1], confidence: 0.97 })),
    );

  it("reads the value under its label when a skewed scan runs the row's values together", () => {
    const lines = [
      scannedLine([
        ['Invoice', 159, 220, 234, 259],
        ['no', 239, 223, 264, 260],
        ['Issue', 434, 222, 488, 263],
        ['Date', 493, 224, 547, 265],
        ['Due', 714, 226, 754, 266],
        ['Date', 759, 228, 811, 268],
        ['PO', 987, 229, 1014, 269],
        ['Number', 1026, 231, 1105, 273],
        ['Customer', 1266, 238, 1361, 274],
        ['No.', 1367, 238, 1402, 274],
      ]),
      // the values climb 17 px along the row: the row is half again as tall as its words, and the
      // 60 px between the due date and the order number read as a space
      scannedLine([
        ['INV-30077', 159, 256, 288, 297],
        ['March', 433, 259, 521, 306],
        ['2,', 528, 260, 552, 307],
        ['2025', 559, 261, 621, 308],
        ['March', 709, 265, 798, 307],
        ['16,', 812, 265, 854, 307],
        ['2025', 867, 265, 927, 307],
        ['7700123456', 987, 267, 1139, 312],
        ['C-5521', 1258, 273, 1379, 314],
      ]),
    ];
    const r = extractBySchema(doc(scannedPage(lines, 1654, 2339)), {
      fields: [
        field('po_number', 'PO Number', 'string'),
        field('customer_number', 'Customer No.', 'string'),
      ],
      tables: [],
    });
    expect(r.fields.po_number?.value).toBe('7700123456');
    expect(r.fields.customer_number?.value).toBe('C-5521');
  });
});
