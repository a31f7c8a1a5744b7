/**
 * Where a receipt comes from: the shop's country and language, its name (a shop-style name, with
 * or without a legal form), address lines, registration line and phone. Malaysia is defined here
 * rather than in the invoice countries, whose list decides which invoices a seed gives.
 */
import { COUNTRIES, type Country } from '../corpus/countries.js';
import { POINT_DECIMAL } from '../corpus/formats.js';
import type { Random } from '../corpus/random.js';
import { type Goods, RECEIPT_WORDS, type ReceiptLanguage, type Trade } from './receipt-words.js';

const MALAY_PLACES: [town: string, postcode: string, region: string][] = [
  ['Petaling Jaya', '47300', 'Selangor'],
  ['Shah Alam', '40150', 'Selangor'],
  ['Kuala Lumpur', '50450', 'W.P. Kuala Lumpur'],
  ['Johor Bahru', '81100', 'Johor'],
  ['Ipoh', '30250', 'Perak'],
  ['George Town', '10200', 'Pulau Pinang'],
  ['Kota Bharu', '15000', 'Kelantan'],
  ['Seremban', '70200', 'Negeri Sembilan'],
];
const MALAY_STREETS = [
  'Jalan Bukit Bintang',
  'Jalan SS 2/24',
  'Jalan Tun Razak',
  'Jalan Merdeka',
  'Jalan Kenanga 3',
  'Jalan Perindustrian 5',
  'Lorong Haji Taib',
  'Jalan Sultan Ismail',
];
const MALAY_AREAS = [
  'Taman Sri Muda',
  'Taman Melawati',
  'Bandar Baru',
  'Taman Desa Jaya',
  'Seksyen 13',
];
const MALAY_NAMES = [
  'Ah Seng',
  'Sri Murni',
  'Maju Jaya',
  'Seri Indah',
  'Hock Lee',
  'Kim Hin',
  'Bintang Timur',
  'Mutiara',
  'Sinar Baru',
  'Wah Lee',
  'Aneka Jaya',
  'Cahaya Kasih',
];
/** Malaysian shops with English names, e.g. "Maju Jaya Hardware". */
const MALAY_ENGLISH_TRADES: Record<Trade, string[]> = {
  food: ['Bakery', 'Cafe', 'Restaurant'],
  shop: ['Mini Market', 'Trading'],
  hardware: ['Hardware'],
  office: ['Stationery', 'Book Store'],
};

const upperLetter = (random: Random) => String.fromCharCode(65 + random.int(0, 25));

/** Malaysia in the shape of an invoice-corpus country, so the shared number and money formats apply. */
export const MALAYSIA: Country = {
  code: 'MY',
  language: 'en',
  currency: 'MYR',
  money: [
    { mark: 'RM', position: 'before', space: false },
    { mark: 'RM', position: 'before', space: true },
    { mark: 'MYR', position: 'before', space: true },
  ],
  numberStyles: [POINT_DECIMAL],
  numericDates: [
    { order: 'dmy', separator: '/', pad: true },
    { order: 'dmy', separator: '-', pad: true },
  ],
  taxName: 'SST',
  taxRates: [0.06],
  taxIdLabels: ['SST REG NO:', 'SST ID:'],
  taxId: (r) => `${upperLetter(r)}${r.digits(2)}-${r.digits(4)}-${r.digits(8)}`,
  ibanCountry: null,
  ibanLength: 0,
  company: (r) => `${r.pick(MALAY_NAMES)} ${r.pick(['Enterprise', 'Trading', 'SDN BHD'])}`,
  address: (r) => {
    const [town, postcode, region] = r.pick(MALAY_PLACES);
    return [
      `No. ${r.int(1, 120)}${r.chance(0.3) ? upperLetter(r) : ''}, ${r.pick(MALAY_STREETS)}`,
      r.pick(MALAY_AREAS),
      `${postcode} ${town}`,
      region,
    ];
  },
};

/** A country and the language its shop prints in. */
export interface ReceiptLocale {
  id: string;
  country: Country;
  language: ReceiptLanguage;
  /** How likely the shop's till is used, relative to the other locales. */
  weight: number;
}

const countryOf = (code: string, language: string): Country => {
  const country = COUNTRIES.find((c) => c.code === code && c.language === language);
  if (!country) throw new Error(`no country ${code}/${language}`);
  return country;
};

export const RECEIPT_LOCALES: ReceiptLocale[] = [
  { id: 'MY-en', country: MALAYSIA, language: 'en', weight: 5 },
  { id: 'MY-ms', country: MALAYSIA, language: 'ms', weight: 4 },
  { id: 'GB-en', country: countryOf('GB', 'en'), language: 'en', weight: 2 },
  { id: 'US-en', country: countryOf('US', 'en'), language: 'en', weight: 1 },
  { id: 'DE-de', country: countryOf('DE', 'de'), language: 'de', weight: 1 },
  { id: 'FR-fr', country: countryOf('FR', 'fr'), language: 'fr', weight: 1 },
  { id: 'NL-nl', country: countryOf('NL', 'nl'), language: 'nl', weight: 1 },
  { id: 'ES-es', country: countryOf('ES', 'es'), language: 'es', weight: 1 },
  { id: 'IT-it', country: countryOf('IT', 'it'), language: 'it', weight: 1 },
  { id: 'PT-pt', country: countryOf('PT', 'pt'), language: 'pt', weight: 1 },
];

export function pickLocale(random: Random): ReceiptLocale {
  const total = RECEIPT_LOCALES.reduce((sum, locale) => sum + locale.weight, 0);
  let roll = random.next() * total;
  for (const locale of RECEIPT_LOCALES) {
    roll -= locale.weight;
    if (roll < 0) return locale;
  }
  return RECEIPT_LOCALES[0] as ReceiptLocale;
}

/** Shop-style names: a trade word and a name, as the sign over the door says. */
const SHOP_WORDS: Record<ReceiptLanguage, { trades: Record<Trade, string[]>; names: string[] }> = {
  en: {
    trades: {
      food: ['Bakery', 'Coffee House', 'Food Hall', 'Cafe'],
      shop: ['Corner Shop', 'Mini Market', 'Grocers'],
      hardware: ['Hardware', 'DIY Centre'],
      office: ['Stationers', 'Office Supplies'],
    },
    names: ['Kestrel', 'Northgate', 'Oakfield', 'Harbour', 'Brightwell', 'Greenway'],
  },
  ms: {
    trades: {
      food: ['Restoran', 'Kedai Makan', 'Kafe'],
      shop: ['Kedai Runcit', 'Pasaraya', 'Perniagaan'],
      hardware: ['Kedai Perkakasan', 'Kedai Hardware'],
      office: ['Kedai Buku', 'Kedai Alat Tulis'],
    },
    names: MALAY_NAMES,
  },
  de: {
    trades: {
      food: ['Bäckerei', 'Café', 'Imbiss'],
      shop: ['Markt', 'Feinkost', 'Dorfladen'],
      hardware: ['Eisenwaren', 'Baumarkt'],
      office: ['Schreibwaren', 'Bürobedarf'],
    },
    names: ['Krause', 'Vogel', 'am Markt', 'Sonnenschein', 'Lindenhof'],
  },
  fr: {
    trades: {
      food: ['Boulangerie', 'Café', 'Brasserie'],
      shop: ['Épicerie', 'Supérette'],
      hardware: ['Quincaillerie', 'Bricolage'],
      office: ['Papeterie', 'Librairie-Papeterie'],
    },
    names: ['du Centre', 'Saint-Michel', 'Lefèvre', 'des Halles', 'Moreau'],
  },
  nl: {
    trades: {
      food: ['Bakkerij', 'Koffiebar', 'Eetcafé'],
      shop: ['Supermarkt', 'Buurtwinkel'],
      hardware: ['IJzerwaren', 'Bouwmarkt'],
      office: ['Kantoorboekhandel', 'Boekhandel'],
    },
    names: ['De Molen', 'Jansen', 'Het Plein', 'Visser', 'De Hoek'],
  },
  es: {
    trades: {
      food: ['Panadería', 'Cafetería', 'Bar'],
      shop: ['Supermercado', 'Ultramarinos'],
      hardware: ['Ferretería', 'Bricolaje'],
      office: ['Papelería', 'Librería'],
    },
    names: ['La Plaza', 'San Juan', 'García', 'El Sol', 'Del Mar'],
  },
  it: {
    trades: {
      food: ['Bar', 'Panificio', 'Caffetteria'],
      shop: ['Alimentari', 'Minimarket'],
      hardware: ['Ferramenta', 'Colorificio'],
      office: ['Cartoleria', 'Cartolibreria'],
    },
    names: ['Rossi', 'Del Corso', 'San Marco', 'Bianchi', 'La Piazza'],
  },
  pt: {
    trades: {
      food: ['Padaria', 'Café', 'Pastelaria'],
      shop: ['Mercearia', 'Minimercado'],
      hardware: ['Drogaria', 'Ferragens'],
      office: ['Papelaria', 'Livraria'],
    },
    names: ['Central', 'Silva', 'Do Largo', 'Ferreira', 'Estrela'],
  },
};

/** Legal forms printed after a shop's name; "" for a sole trader who prints none. */
const LEGAL_FORMS: Record<string, string[]> = {
  MY: ['SDN BHD', 'SDN. BHD.', 'S/B', 'Enterprise', 'Trading', ''],
  GB: ['Ltd', 'Trading', ''],
  US: ['LLC', 'Inc.', ''],
  DE: ['GmbH', 'e.K.', ''],
  FR: ['SARL', 'SAS', ''],
  NL: ['B.V.', ''],
  ES: ['S.L.', ''],
  IT: ['S.r.l.', 's.n.c.', ''],
  PT: ['Lda.', ''],
};

export interface Merchant {
  name: string;
  /** What the shop sells, which decides its goods and whether it serves at tables. */
  trade: Trade;
  /** Printed address lines, street first. */
  address: string[];
  /** e.g. "GST REG NO: 001234567890", "Co. No 123456-X", "VAT Reg No GB 123 4567 89". */
  registration: string | null;
  phone: string | null;
}

function shopName(random: Random, locale: ReceiptLocale, trade: Trade): string {
  const { country, language } = locale;
  // English puts the name before the trade ("Kestrel Bakery"); the others the trade first.
  const name =
    country.code === 'MY' && language === 'en' && random.chance(0.5)
      ? `${random.pick(MALAY_NAMES)} ${random.pick(MALAY_ENGLISH_TRADES[trade])}`
      : language === 'en'
        ? `${random.pick(SHOP_WORDS.en.names)} ${random.pick(SHOP_WORDS.en.trades[trade])}`
        : `${random.pick(SHOP_WORDS[language].trades[trade])} ${random.pick(SHOP_WORDS[language].names)}`;
  const form = random.pick(LEGAL_FORMS[country.code] ?? ['']);
  return form ? `${name} ${form}` : name;
}

/** Malaysian receipts print the company number, and the tax number of the era: GST until mid-2018, SST after. */
function malaysianRegistration(random: Random, taxName: string | null): string {
  if (taxName === 'GST' && random.chance(0.7)) return `GST REG NO: ${random.digits(12)}`;
  if (taxName === 'SST' && random.chance(0.6)) return `SST REG NO: ${MALAYSIA.taxId(random)}`;
  return random.pick([
    `Co. No ${random.digits(6)}-${upperLetter(random)}`,
    `(${random.int(100000, 1400000)}-${upperLetter(random)})`,
    `Co. Reg: ${random.digits(12)}`,
  ]);
}

function phoneOf(random: Random, country: Country): string {
  if (country.code === 'MY')
    return `Tel: 0${random.int(3, 9)}-${random.digits(4)} ${random.digits(4)}`;
  return `Tel. ${random.digits(3)} ${random.digits(3)} ${random.digits(4)}`;
}

/**
 * A shop. `taxName` is the tax the receipt shows (null when it shows none): only a registered shop
 * prints a tax number.
 */
export function merchantOf(
  random: Random,
  locale: ReceiptLocale,
  taxName: string | null,
): Merchant {
  const { country } = locale;
  const trade = random.pick(['food', 'food', 'shop', 'shop', 'hardware', 'office'] as const);
  const name = shopName(random, locale, trade);
  const full = country.address(random);
  // Small shops print less: the street and town only, sometimes just one line.
  const address = full.slice(0, random.int(1, full.length));
  const registration =
    country.code === 'MY'
      ? random.chance(0.8)
        ? malaysianRegistration(random, taxName)
        : null
      : taxName !== null && random.chance(0.6)
        ? `${random.pick(country.taxIdLabels)} ${country.taxId(random)}`
        : null;
  return {
    name,
    trade,
    address,
    registration,
    phone: random.chance(0.6) ? phoneOf(random, country) : null,
  };
}

/** What the shop sells: Malaysian tills list local and English-named goods side by side. */
export const goodsOf = (locale: ReceiptLocale, trade: Trade): Goods[] =>
  locale.country.code === 'MY'
    ? [...RECEIPT_WORDS.ms.goods[trade], ...RECEIPT_WORDS.en.goods[trade]]
    : RECEIPT_WORDS[locale.language].goods[trade];
