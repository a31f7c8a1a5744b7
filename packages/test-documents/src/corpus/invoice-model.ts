/**
 * The values of one corpus invoice: parties, dates, line items and amounts, worked out in whole
 * cents so the totals add up exactly, and optionally one seeded inconsistency that a
 * reconciliation check should catch.
 */
import { type Country, iban, type Party, party } from './countries.js';
import { addDays } from './formats.js';
import { LANGUAGE_PACKS, type LanguagePack, type Product } from './languages.js';
import { isoDaySince, type Random } from './random.js';

export const INCONSISTENCY_KINDS = ['line_amount', 'total', 'subtotal'] as const;
/**
 * - `line_amount`: one line's printed amount is not qty × unit price (the subtotal adds the printed amounts);
 * - `total`: the printed total is not subtotal + tax;
 * - `subtotal`: the line amounts do not add up to the printed subtotal (total = subtotal + tax still holds).
 */
export type InconsistencyKind = (typeof INCONSISTENCY_KINDS)[number];

export interface Inconsistency {
  kind: InconsistencyKind;
  /** 0-based index of the misprinted line, for `line_amount`. */
  line?: number;
}

export interface InvoiceLine {
  /** The full description: its printed lines joined by a space. */
  description: string;
  /** The description as printed: the name, then a detail line some issuers add. */
  descriptionLines: string[];
  qty: number;
  /** Cents. */
  unitPrice: number;
  /** Cents, as printed. */
  amount: number;
  taxRate: number;
}

export interface TaxGroup {
  rate: number;
  /** Cents. */
  base: number;
  /** Cents. */
  amount: number;
}

export interface Vendor extends Party {
  taxId: string | null;
  iban: string | null;
  bic: string | null;
  phone: string | null;
  email: string | null;
}

/** Every value an invoice of the corpus prints; money in cents. */
export interface InvoiceValues {
  country: Country;
  pack: LanguagePack;
  invoiceNumber: string;
  date: string;
  dueDate: string | null;
  paymentDays: number | null;
  poNumber: string | null;
  customerNumber: string | null;
  vendor: Vendor;
  billTo: Party;
  shipTo: Party | null;
  lines: InvoiceLine[];
  /** `per_line`: the table has a tax rate column; `total`: one rate, shown in the totals only. */
  taxMode: 'per_line' | 'total';
  taxes: TaxGroup[];
  subtotal: number;
  tax: number;
  total: number;
  inconsistency: Inconsistency | null;
}

/** Invoice numbers in the shapes issuers of each language use; never a bare date or amount. */
const NUMBER_SHAPES: Record<string, ((r: Random, year: number) => string)[]> = {
  en: [
    (r, y) => `INV-${y}-${r.digits(4)}`,
    (r) => `INV-${r.int(1000, 99999)}`,
    (r) => `SI${r.digits(6)}`,
    (r) => `${r.int(10000, 999999)}`,
  ],
  de: [
    (r, y) => `RE-${y}-${r.digits(4)}`,
    (r) => `R${r.digits(6)}`,
    (r, y) => `${y}/${r.digits(4)}`,
    (r) => `${r.int(100000, 9999999)}`,
  ],
  fr: [
    (r, y) => `F-${y}-${r.digits(4)}`,
    (r) => `FA${r.digits(6)}`,
    (r, y) => `FAC${String(y).slice(2)}${r.digits(4)}`,
  ],
  nl: [
    (r, y) => `${y}${r.digits(4)}`,
    (r) => `F${r.digits(6)}`,
    (r, y) => `INV-${y}-${r.digits(3)}`,
  ],
  es: [
    (r, y) => `A/${y}/${r.digits(3)}`,
    (r, y) => `F-${y}-${r.digits(4)}`,
    (r) => `FV${r.digits(5)}`,
  ],
  it: [
    (r, y) => `${r.int(1, 999)}/${y}`,
    (r) => `FT${r.digits(5)}`,
    (r, y) => `${y}-FE-${r.digits(4)}`,
  ],
  pt: [
    (r, y) => `FT ${y}/${r.int(1, 9999)}`,
    (r, y) => `FT A${y}/${r.digits(4)}`,
    (r) => `${r.int(10000, 999999)}`,
  ],
};

function invoiceNumber(random: Random, language: string, year: number): string {
  const shapes = NUMBER_SHAPES[language] ?? NUMBER_SHAPES.en ?? [];
  return random.pick(shapes)(random, year);
}

function lineCount(random: Random): number {
  const roll = random.next();
  if (roll < 0.7) return random.int(1, 8);
  if (roll < 0.9) return random.int(9, 18);
  return random.int(19, 30);
}

/** Quantity and unit price (cents) that go together: many cheap items, few expensive ones. */
function quantityAndPrice(random: Random, product: Product): [qty: number, unitPrice: number] {
  switch (product.unit) {
    case 'hour':
      return [random.int(1, 60) / 2, random.int(45, 180) * 100 + random.pick([0, 0, 50])];
    case 'service':
      return [
        random.chance(0.8) ? 1 : random.int(2, 12),
        random.int(15, 2500) * 100 + random.pick([0, 0, 50, 90, 99]),
      ];
    case 'piece': {
      const tier = random.next();
      if (tier < 0.45) return [random.int(5, 250), random.int(50, 2500)];
      if (tier < 0.9) return [random.int(1, 20), random.int(2500, 40_000)];
      return [random.int(1, 3), random.int(40_000, 500_000)];
    }
  }
}

function vendorOf(random: Random, country: Country): Vendor {
  const base = party(random, country);
  const slug = base.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter((word) => word.length > 2)
    .slice(0, 2)
    .join('');
  const accountIban = random.chance(0.55) ? iban(random, country) : null;
  return {
    ...base,
    taxId: random.chance(0.75) ? country.taxId(random) : null,
    iban: accountIban,
    bic: accountIban
      ? `${String.fromCharCode(65 + random.int(0, 25))}${slug.slice(0, 3).toUpperCase().padEnd(3, 'X')}${country.ibanCountry ?? ''}${random.pick(['2X', 'FF', 'MM', '22'])}`
      : null,
    phone: random.chance(0.5)
      ? `+${random.int(30, 49)} ${random.digits(2)} ${random.digits(3)} ${random.digits(4)}`
      : null,
    email: random.chance(0.5)
      ? `${random.pick(['info', 'billing', 'accounts', 'contact'])}@${slug || 'mail'}.example`
      : null,
  };
}

/** Adds a visible error that is not a rounding difference (at least 1.00) and keeps amounts positive. */
function misprint(random: Random, cents: number): number {
  const delta = random.int(1, 50) * 100 + random.pick([0, 10, 50]);
  return cents > delta * 2 && random.chance(0.5) ? cents - delta : cents + delta;
}

export interface InvoiceValueOptions {
  country: Country;
  inconsistent: boolean;
}

export function invoiceValues(
  random: Random,
  { country, inconsistent }: InvoiceValueOptions,
): InvoiceValues {
  const pack = LANGUAGE_PACKS[country.language];
  const date = isoDaySince(random, 2022);
  const year = Number(date.slice(0, 4));
  const paymentDays = random.chance(0.8) ? random.pick([7, 14, 30, 30, 45, 60]) : null;
  const multiRate = country.taxRates.length > 1 && random.chance(0.25);
  const taxMode = multiRate || random.chance(0.3) ? 'per_line' : 'total';
  const standardRate = country.taxRates[0] ?? 0.2;

  const products = random.shuffle(pack.products);
  const lines: InvoiceLine[] = Array.from({ length: lineCount(random) }, (_, index) => {
    const product = products[index % products.length] as Product;
    const detail =
      product.detail.length > 0 && random.chance(0.35) ? random.pick(product.detail) : null;
    const [qty, unitPrice] = quantityAndPrice(random, product);
    return {
      description: detail ? `${product.name} ${detail}` : product.name,
      descriptionLines: detail ? [product.name, detail] : [product.name],
      qty,
      unitPrice,
      amount: Math.round(qty * unitPrice),
      taxRate:
        multiRate && random.chance(0.4) ? random.pick(country.taxRates.slice(1)) : standardRate,
    };
  });

  const kind = inconsistent ? random.pick(INCONSISTENCY_KINDS) : null;
  let inconsistency: Inconsistency | null = null;
  if (kind === 'line_amount') {
    const line = random.int(0, lines.length - 1);
    const target = lines[line] as InvoiceLine;
    target.amount = misprint(random, target.amount);
    inconsistency = { kind, line };
  }

  const rates = [...new Set(lines.map((line) => line.taxRate))].sort((a, b) => b - a);
  const taxes = rates.map((rate) => {
    const base = lines
      .filter((line) => line.taxRate === rate)
      .reduce((sum, line) => sum + line.amount, 0);
    return { rate, base, amount: Math.round(base * rate) };
  });
  let subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = taxes.reduce((sum, group) => sum + group.amount, 0);
  if (kind === 'subtotal') {
    subtotal = misprint(random, subtotal);
    inconsistency = { kind };
  }
  let total = subtotal + tax;
  if (kind === 'total') {
    total = misprint(random, total);
    inconsistency = { kind };
  }

  const vendor = vendorOf(random, country);
  let billTo = party(random, country);
  // Two firms of the same made-up name would make the vendor/customer question unanswerable.
  while (billTo.name === vendor.name) billTo = party(random, country);
  return {
    country,
    pack,
    invoiceNumber: invoiceNumber(random, country.language, year),
    date,
    dueDate: paymentDays !== null && random.chance(0.85) ? addDays(date, paymentDays) : null,
    paymentDays,
    poNumber: random.chance(0.4)
      ? `${random.pick(['PO-', 'PO', 'BE-', '4500'])}${random.digits(random.int(4, 6))}`
      : null,
    customerNumber: random.chance(0.4)
      ? `${random.pick(['', 'K', 'C-', 'D'])}${random.digits(random.int(4, 6))}`
      : null,
    vendor,
    billTo,
    shipTo: random.chance(0.35)
      ? random.chance(0.5)
        ? { name: billTo.name, address: country.address(random) }
        : party(random, country)
      : null,
    lines,
    taxMode,
    taxes,
    subtotal,
    tax,
    total,
    inconsistency,
  };
}
