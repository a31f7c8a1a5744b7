/**
 * Invoices from vendors with stable layouts of their own: each vendor always prints the same
 * labels (many of them words no engine rule knows), in the same places, with its own date order
 * and decimal mark. For the learning-from-corrections benchmark and tests: every value a check
 * compares is in the document's ground truth.
 */
import type { GeneratedDocument } from './document.js';
import { type Random, seededRandom } from './corpus/random.js';
import { pdfBytes } from './pdf.js';

type FieldKey =
  'invoice_number' | 'invoice_date' | 'due_date' | 'po_number' | 'subtotal' | 'tax' | 'total';

/** Where a vendor prints a value: after its label, under it, or alone at a fixed spot. */
type Placement = 'right' | 'tab' | 'below' | 'alone';

export interface StreamVendor {
  index: number;
  name: string;
  vatId: string;
  iban: string;
  currency: string;
  dateOrder: 'dmy' | 'mdy';
  dateSeparator: '/' | '.' | '-';
  decimalMark: '.' | ',';
  thousands: boolean;
  taxRate: number;
  numberPrefix: string;
  labels: Record<FieldKey, string>;
  placement: Record<FieldKey, Placement>;
  headers: { description: string; qty: string; unit_price: string; amount: string };
  /** Meta block (number, dates, order) on the right of the header or under it on the left. */
  metaOnRight: boolean;
}

/** A type, not an interface, so a line item is also a plain record of values (as reviews store them). */
export type StreamLineItem = {
  description: string;
  qty: number;
  unit_price: number;
  amount: number;
};

/** The values a reviewer confirms for one document. */
export interface StreamTruth {
  fields: Record<FieldKey | 'vendor_name', string | number>;
  tables: { line_items: StreamLineItem[] };
}

export interface StreamDocument extends GeneratedDocument {
  vendor: StreamVendor;
  truth: StreamTruth;
}

const LABELS: Record<FieldKey, string[]> = {
  invoice_number: ['Invoice No.', 'Doc Ref', 'Beleg', 'Our reference', 'Voucher', 'Folio'],
  invoice_date: ['Invoice Date', 'Issued on', 'Belegdatum', 'Dated', 'Value date', 'Doc date'],
  due_date: ['Due Date', 'Pay by', 'Settle before', 'Zahlbar bis', 'Expires', 'Remit by'],
  po_number: ['PO Number', 'Your order', 'Client ref', 'Requisition', 'Buyer code'],
  subtotal: ['Subtotal', 'Goods', 'Net value', 'Sum of lines', 'Merchandise'],
  tax: ['Tax', 'Levy', 'Duty', 'Surcharge', 'Excise'],
  total: ['Total', 'Pay this', 'Gross', 'To pay', 'Settlement'],
};
const HEADERS = {
  description: ['Description', 'Particulars', 'Leistung', 'Article', 'Service'],
  qty: ['Qty', 'Units', 'Menge', 'Count'],
  unit_price: ['Unit Price', 'Rate', 'Each', 'Tariff'],
  amount: ['Amount', 'Line sum', 'Betrag', 'Extended'],
};
const NAME_A = [
  'Kestrel',
  'Harbor',
  'Lindqvist',
  'Ostara',
  'Brightwell',
  'Quarry',
  'Vale',
  'Tamsin',
];
const NAME_B = ['Tooling', 'Freight', 'Print', 'Supplies', 'Labs', 'Foods', 'Textiles', 'Optics'];
const FORMS = ['GmbH', 'Ltd', 'B.V.', 'S.A.', 'AB', 'Oy', 'SARL', 'Inc.'];
const ITEMS = [
  'Steel brackets',
  'Packing crates',
  'Calibration service',
  'Toner cartridges',
  'Safety gloves',
  'Cable ties',
  'Consulting hours',
  'Pallet wrap',
  'Label rolls',
  'Hinge set',
];
const COUNTRIES = ['DE', 'NL', 'FR', 'AT', 'BE', 'SE', 'FI', 'IT'];

/** ISO 13616 check digits, so the IBAN printed is a valid one. */
function iban(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** The vendors of a stream: the same seed always gives the same vendors. */
export function streamVendors(count = 20, seed = 16): StreamVendor[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const r = random.fork(`vendor-${index}`);
    const country = COUNTRIES[index % COUNTRIES.length] as string;
    const pick = <T>(items: readonly T[]) => r.pick(items);
    const fieldKeys = Object.keys(LABELS) as FieldKey[];
    const labels = Object.fromEntries(fieldKeys.map((k) => [k, pick(LABELS[k])])) as Record<
      FieldKey,
      string
    >;
    const placement = Object.fromEntries(
      fieldKeys.map((k) => {
        const ways: Placement[] =
          k === 'invoice_number' ? ['right', 'tab', 'below', 'alone'] : ['right', 'tab', 'below'];
        return [k, ['subtotal', 'tax', 'total'].includes(k) ? pick(['right', 'tab']) : pick(ways)];
      }),
    ) as Record<FieldKey, Placement>;
    const decimalMark = r.chance(0.5) ? ',' : '.';
    return {
      index,
      // every pair of first and second name words differs for up to 64 vendors
      name: `${NAME_A[index % 8]} ${NAME_B[(index + Math.floor(index / 8) * 3) % 8]} ${FORMS[(index + Math.floor(index / 8)) % 8]}`,
      vatId: `${country}${r.digits(9)}`,
      iban: iban(country, r.digits(18)),
      currency: pick(['EUR', 'EUR', 'GBP', 'CHF', 'SEK']),
      // month first is what a vendor abroad prints for an American parent; rules assume day first
      dateOrder: r.chance(0.4) ? 'mdy' : 'dmy',
      dateSeparator: pick(['/', '.', '-'] as const),
      decimalMark,
      thousands: r.chance(0.5),
      taxRate: pick([0.07, 0.1, 0.19, 0.2, 0.21, 0.25]),
      numberPrefix: pick(['RX', 'A', '24', 'INV', 'F', 'N']),
      labels,
      placement,
      headers: {
        description: pick(HEADERS.description),
        qty: pick(HEADERS.qty),
        unit_price: pick(HEADERS.unit_price),
        amount: pick(HEADERS.amount),
      },
      metaOnRight: r.chance(0.5),
    } satisfies StreamVendor;
  });
}

const two = (n: number) => String(n).padStart(2, '0');

function printedDate(vendor: StreamVendor, iso: string): string {
  const [y, m, d] = iso.split('-');
  const s = vendor.dateSeparator;
  return vendor.dateOrder === 'dmy' ? `${d}${s}${m}${s}${y}` : `${m}${s}${d}${s}${y}`;
}

function printedMoney(vendor: StreamVendor, value: number): string {
  const [whole, cents] = value.toFixed(2).split('.') as [string, string];
  const sep = vendor.decimalMark === ',' ? '.' : ',';
  const grouped = vendor.thousands ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep) : whole;
  return `${grouped}${vendor.decimalMark}${cents}`;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function truthOf(vendor: StreamVendor, n: number, r: Random): StreamTruth {
  const issued = new Date(Date.UTC(2024, r.int(0, 11), r.int(1, 28)));
  const due = new Date(issued.getTime() + r.pick([14, 30, 45]) * 86_400_000);
  const iso = (d: Date) =>
    `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  const items = Array.from({ length: r.int(2, 4) }, (_, i) => {
    const qty = r.int(1, 12);
    const unit = round2(r.int(150, 48000) / 100);
    return {
      description: ITEMS[(vendor.index + n * 3 + i) % ITEMS.length] as string,
      qty,
      unit_price: unit,
      amount: round2(qty * unit),
    };
  });
  const subtotal = round2(items.reduce((a, i) => a + i.amount, 0));
  const tax = round2(subtotal * vendor.taxRate);
  return {
    fields: {
      vendor_name: vendor.name,
      invoice_number: `${vendor.numberPrefix}-${1000 + n * 7 + vendor.index}`,
      invoice_date: iso(issued),
      due_date: iso(due),
      po_number: `PO${r.digits(6)}`,
      subtotal,
      tax,
      total: round2(subtotal + tax),
    },
    tables: { line_items: items },
  };
}

/** The `n`th document (1-based) of a vendor, as a digital PDF with its ground truth. */
export async function streamDocument(vendor: StreamVendor, n: number): Promise<StreamDocument> {
  const r = seededRandom(`stream-${vendor.index}-${n}`);
  const truth = truthOf(vendor, n, r);
  const f = truth.fields;
  const text = (doc: PDFKit.PDFDocument, s: string, x: number, y: number, size = 9, bold = false) =>
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .text(s, x, y, { lineBreak: false });
  const printed = (key: FieldKey): string => {
    const v = f[key];
    if (key === 'invoice_date' || key === 'due_date') return printedDate(vendor, String(v));
    return typeof v === 'number' ? printedMoney(vendor, v) : String(v);
  };
  /** A labelled value at (x, y); answers the height it took. */
  const labelled = (doc: PDFKit.PDFDocument, key: FieldKey, x: number, y: number): number => {
    const label = vendor.labels[key];
    switch (vendor.placement[key]) {
      case 'right':
        text(doc, `${label}: ${printed(key)}`, x, y);
        return 15;
      case 'tab':
        text(doc, label, x, y);
        text(doc, printed(key), x + 110, y);
        return 15;
      case 'below':
        text(doc, label, x, y, 8);
        text(doc, printed(key), x, y + 11);
        return 28;
      case 'alone':
        text(doc, printed(key), 470, 32, 10, true);
        return 0;
    }
  };
  const bytes = await pdfBytes(
    (doc) => {
      text(doc, vendor.name, 50, 40, 16, true);
      text(
        doc,
        `${10 + vendor.index} Market Street, ${1000 + vendor.index * 37} Hafenstadt`,
        50,
        62,
      );
      text(doc, `VAT ID ${vendor.vatId}`, 50, 75);
      const metaX = vendor.metaOnRight ? 330 : 50;
      let y = vendor.metaOnRight ? 62 : 100;
      for (const key of ['invoice_number', 'invoice_date', 'due_date', 'po_number'] as const)
        y += labelled(doc, key, metaX, y);
      const billY = Math.max(y, 100) + 20;
      const billX = vendor.metaOnRight ? 50 : 330;
      text(doc, 'Bill to:', billX, vendor.metaOnRight ? billY : 100, 8, true);
      const by = (vendor.metaOnRight ? billY : 100) + 12;
      text(doc, 'Northwind Trading Ltd', billX, by);
      text(doc, '4 Quay Road, Bristol', billX, by + 12);
      text(doc, 'VAT GB123456789', billX, by + 24);
      let ty = Math.max(billY, by + 24) + 40;
      const cols = [50, 300, 370, 460];
      const h = vendor.headers;
      [h.description, h.qty, h.unit_price, h.amount].forEach((head, i) =>
        text(doc, head, cols[i] as number, ty, 9, true),
      );
      ty += 18;
      for (const item of truth.tables.line_items) {
        text(doc, item.description, 50, ty);
        text(doc, String(item.qty), 300, ty);
        text(doc, printedMoney(vendor, item.unit_price), 370, ty);
        text(doc, printedMoney(vendor, item.amount), 460, ty);
        ty += 15;
      }
      ty += 20;
      for (const key of ['subtotal', 'tax', 'total'] as const) {
        const label =
          key === 'total' ? `${vendor.labels.total} ${vendor.currency}` : vendor.labels[key];
        if (vendor.placement[key] === 'right') text(doc, `${label}: ${printed(key)}`, 330, ty);
        else {
          text(doc, label, 330, ty);
          text(doc, printed(key), 460, ty);
        }
        ty += 15;
      }
      text(doc, `IBAN ${vendor.iban.replace(/(.{4})/g, '$1 ').trim()}`, 50, 780, 8);
      text(doc, 'Thank you for your business.', 50, 792, 8);
    },
    { info: { Producer: 'Parser vendor stream', CreationDate: new Date(Date.UTC(2024, 0, 1)) } },
  );
  return {
    bytes,
    fileName: `${vendor.name.replace(/[^A-Za-z]+/g, '-').toLowerCase()}-${n}.pdf`,
    contentType: 'application/pdf',
    vendor,
    truth,
  };
}
