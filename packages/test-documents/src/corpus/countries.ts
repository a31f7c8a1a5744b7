/**
 * Countries an invoice can come from: currency and how it is printed, number and date conventions,
 * tax name and rates, the issuer's tax id, bank account (IBAN) and made-up but plausible company
 * names and addresses built from seeded word lists (no real companies).
 */
import {
  APOSTROPHE_GROUPED,
  COMMA_DECIMAL,
  type MoneyStyle,
  type NumberStyle,
  type NumericDateStyle,
  POINT_DECIMAL,
  SPACE_GROUPED,
} from './formats.js';
import type { Language } from './languages.js';
import type { Random } from './random.js';

export interface Party {
  name: string;
  /** Printed address lines, street first. */
  address: string[];
}

export interface Country {
  code: string;
  language: Language;
  currency: string;
  /** Ways issuers of the country print money; a symbol shared by several currencies ($) gets the code beside the total. */
  money: MoneyStyle[];
  numberStyles: NumberStyle[];
  numericDates: NumericDateStyle[];
  taxName: string;
  /** The standard rate first, then reduced ones. */
  taxRates: number[];
  taxIdLabels: string[];
  taxId(random: Random): string;
  ibanCountry: string | null;
  ibanLength: number;
  company(random: Random): string;
  address(random: Random): string[];
}

const symbol = (mark: string, position: 'before' | 'after', space: boolean): MoneyStyle => ({
  mark,
  position,
  space,
});

const dmy = (separator: NumericDateStyle['separator'], pad = true): NumericDateStyle => ({
  order: 'dmy',
  separator,
  pad,
});

const SHARED_SYMBOLS = new Set(['$', 'kr']);

/** True when the symbol alone does not tell the currency, so the code must be printed too. */
export function isAmbiguousMark(mark: string): boolean {
  return SHARED_SYMBOLS.has(mark);
}

const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

// Word lists for names: stems and trades per language, joined the way each language names firms.
const EN_STEMS = [
  'Bluewater',
  'Harbor Point',
  'Redwood',
  'Ironbridge',
  'Silverline',
  'Maple Leaf',
  'Northgate',
  'Summit',
  'Oakfield',
  'Brightwell',
  'Kestrel',
  'Stonebrook',
  'Westmoor',
  'Copperfield',
];
const EN_TRADES = [
  'Office Supplies',
  'Logistics',
  'Engineering',
  'Print Works',
  'Electrical',
  'Consulting',
  'Trading',
  'Facilities',
  'Software',
  'Building Services',
  'Hardware',
];
const EN_SURNAMES = [
  'Whitfield',
  'Carter',
  'Hughes',
  'Pemberton',
  'Ashworth',
  'Barlow',
  'Fletcher',
  'Morgan',
  'Donnelly',
  'Ramsey',
];
const EN_STREETS = [
  'Harbour Road',
  'Station Street',
  'Mill Lane',
  'King Street',
  'Queens Avenue',
  'Park Road',
  'Victoria Street',
  'Church Lane',
  'Bridge Street',
  'Market Place',
];
const US_STREETS = [
  'Oak Street',
  'Maple Avenue',
  'Commerce Drive',
  'Main Street',
  'Industrial Parkway',
  'Elm Street',
  'Washington Blvd',
  'Lakeview Drive',
];

const DE_SURNAMES = [
  'Müller',
  'Schmidt',
  'Becker',
  'Hoffmann',
  'Wagner',
  'Krause',
  'Lehmann',
  'Brandt',
  'Vogel',
  'Hartmann',
  'Seidel',
  'Kuhn',
];
const DE_STEMS = [
  'Rhein',
  'Elbe',
  'Alpen',
  'Nord',
  'Hansa',
  'Isar',
  'Spree',
  'Taunus',
  'Main',
  'Harz',
];
const DE_TRADES = [
  'Haustechnik',
  'Bürobedarf',
  'Logistik',
  'Metallbau',
  'Druckerei',
  'Elektro',
  'Systemhaus',
  'Gebäudeservice',
  'Werkzeughandel',
  'Beratung',
];
const DE_STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Gartenweg',
  'Industriestraße',
  'Lindenallee',
  'Schillerstraße',
  'Am Markt',
  'Mühlenweg',
  'Goethestraße',
  'Kirchplatz',
];

const FR_SURNAMES = [
  'Moreau',
  'Lefèvre',
  'Girard',
  'Fontaine',
  'Mercier',
  'Lambert',
  'Rousseau',
  'Chevalier',
  'Bonnet',
  'Dupuis',
];
const FR_TRADES = [
  'Imprimerie',
  'Menuiserie',
  'Fournitures',
  'Électricité',
  'Transports',
  'Conseil',
  'Informatique',
  'Plomberie',
  'Bureautique',
];
const FR_PLACES = [
  'du Lac',
  'des Alpes',
  'du Rhône',
  'de Provence',
  'du Centre',
  'de l’Ouest',
  'des Deux Rives',
  'de la Loire',
];
const FR_STREETS = [
  'rue des Lilas',
  'avenue Jean Jaurès',
  'boulevard Victor Hugo',
  'rue de la République',
  'chemin des Vignes',
  'rue du Moulin',
  'place de la Gare',
  'rue Pasteur',
];

const NL_SURNAMES = [
  'Van Dijk',
  'De Vries',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'De Boer',
  'Mulder',
  'Van Leeuwen',
];
const NL_TRADES = [
  'Installatietechniek',
  'Drukkerij',
  'Kantoorartikelen',
  'Logistiek',
  'Bouwservice',
  'Automatisering',
  'Schoonmaakdiensten',
  'Metaalbewerking',
];
const NL_STREETS = [
  'Kerkstraat',
  'Dorpsstraat',
  'Stationsweg',
  'Keizersgracht',
  'Industrieweg',
  'Molenlaan',
  'Marktplein',
  'Julianalaan',
];

const ES_SURNAMES = [
  'García',
  'Ortega',
  'Navarro',
  'Romero',
  'Serrano',
  'Molina',
  'Delgado',
  'Castillo',
  'Vidal',
  'Herrera',
];
const ES_TRADES = [
  'Suministros',
  'Talleres',
  'Distribuciones',
  'Instalaciones',
  'Gráficas',
  'Consultores',
  'Transportes',
  'Informática',
];
const ES_PLACES = [
  'Levante',
  'del Norte',
  'Ibéricos',
  'del Sur',
  'Mediterráneo',
  'Castellanos',
  'del Ebro',
];
const ES_STREETS = [
  'Calle Mayor',
  'Avenida de la Constitución',
  'Calle del Carmen',
  'Paseo de Gracia',
  'Calle Real',
  'Avenida del Puerto',
  'Calle San Vicente',
];
const MX_STREETS = [
  'Av. Reforma',
  'Calle Hidalgo',
  'Av. Insurgentes Sur',
  'Calle Morelos',
  'Blvd. Ávila Camacho',
];

const IT_SURNAMES = [
  'Bianchi',
  'Rossi',
  'Esposito',
  'Colombo',
  'Ferrari',
  'Ricci',
  'Marino',
  'Greco',
  'Conti',
  'Gallo',
];
const IT_TRADES = [
  'Ferramenta',
  'Tipografia',
  'Forniture',
  'Impianti',
  'Trasporti',
  'Consulenze',
  'Informatica',
  'Arredamenti',
];
const IT_PLACES = ['Lombarda', 'Adriatica', 'del Garda', 'Toscana', 'Emiliana', 'Padana', 'Ligure'];
const IT_STREETS = [
  'Via Roma',
  'Via Garibaldi',
  'Corso Italia',
  'Via Mazzini',
  'Viale Europa',
  'Via Dante',
  'Piazza della Libertà',
];

const PT_SURNAMES = [
  'Ferreira',
  'Santos',
  'Oliveira',
  'Costa',
  'Rodrigues',
  'Martins',
  'Sousa',
  'Pereira',
  'Almeida',
  'Carvalho',
];
const PT_TRADES = [
  'Papelaria',
  'Serralharia',
  'Transportes',
  'Informática',
  'Construções',
  'Comercial',
  'Gráfica',
  'Eletricidade',
];
const PT_STREETS = [
  'Rua Augusta',
  'Avenida da Liberdade',
  'Rua do Comércio',
  'Rua das Flores',
  'Travessa do Carmo',
  'Avenida Central',
  'Rua da Boavista',
];

type City = [name: string, postcode: (random: Random) => string];

const pick = <T>(random: Random, items: readonly T[]) => random.pick(items);
const upper = (random: Random, count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(65 + random.int(0, 25))).join('');

const US_CITIES: [string, string][] = [
  ['Springfield', 'IL'],
  ['Columbus', 'OH'],
  ['Austin', 'TX'],
  ['Portland', 'OR'],
  ['Raleigh', 'NC'],
  ['Madison', 'WI'],
  ['Tucson', 'AZ'],
];
const GB_CITIES: City[] = [
  ['Bristol', (r) => `BS${r.int(1, 9)} ${r.int(1, 9)}${upper(r, 2)}`],
  ['Leeds', (r) => `LS${r.int(1, 9)} ${r.int(1, 9)}${upper(r, 2)}`],
  ['Manchester', (r) => `M${r.int(1, 40)} ${r.int(1, 9)}${upper(r, 2)}`],
  ['Norwich', (r) => `NR${r.int(1, 9)} ${r.int(1, 9)}${upper(r, 2)}`],
];
const AU_CITIES: [string, string, number][] = [
  ['Parramatta', 'NSW', 2150],
  ['Fitzroy', 'VIC', 3065],
  ['Fortitude Valley', 'QLD', 4006],
  ['Fremantle', 'WA', 6160],
];
const IE_CITIES: City[] = [
  ['Dublin 12', (r) => `D12 ${upper(r, 1)}${r.int(1, 9)}${upper(r, 1)}${r.int(1, 9)}`],
  ['Cork', (r) => `T12 ${upper(r, 1)}${r.int(10, 99)}${upper(r, 1)}`],
  ['Galway', (r) => `H91 ${upper(r, 1)}${r.int(10, 99)}${upper(r, 1)}`],
];
const DE_CITIES: City[] = [
  ['Berlin', (r) => `10${r.int(100, 999)}`],
  ['Hamburg', (r) => `20${r.int(100, 999)}`],
  ['Köln', (r) => `50${r.int(600, 999)}`],
  ['München', (r) => `80${r.int(300, 999)}`],
  ['Leipzig', (r) => `04${r.int(100, 357)}`],
  ['Stuttgart', (r) => `70${r.int(170, 629)}`],
];
const AT_CITIES: City[] = [
  ['Wien', (r) => `1${r.int(10, 23)}0`],
  ['Graz', (r) => `80${r.int(10, 99)}`],
  ['Linz', (r) => `40${r.int(10, 40)}`],
];
const CH_CITIES: City[] = [
  ['Zürich', (r) => `80${r.int(0, 57)}`.padEnd(4, '0')],
  ['Basel', (r) => `40${r.int(10, 59)}`],
  ['Bern', (r) => `30${r.int(10, 27)}`],
];
const FR_CITIES: City[] = [
  ['Lyon', (r) => `6900${r.int(1, 9)}`],
  ['Paris', (r) => `750${String(r.int(1, 20)).padStart(2, '0')}`],
  ['Nantes', () => '44000'],
  ['Bordeaux', () => '33000'],
  ['Lille', () => '59000'],
  ['Toulouse', () => '31000'],
];
const BE_FR_CITIES: City[] = [
  ['Bruxelles', () => '1000'],
  ['Liège', () => '4000'],
  ['Namur', () => '5000'],
];
const BE_NL_CITIES: City[] = [
  ['Antwerpen', () => '2000'],
  ['Gent', () => '9000'],
  ['Leuven', () => '3000'],
];
const NL_CITIES: City[] = [
  ['Amsterdam', (r) => `10${r.int(11, 99)} ${upper(r, 2)}`],
  ['Utrecht', (r) => `35${r.int(11, 99)} ${upper(r, 2)}`],
  ['Rotterdam', (r) => `30${r.int(11, 99)} ${upper(r, 2)}`],
  ['Eindhoven', (r) => `56${r.int(11, 99)} ${upper(r, 2)}`],
];
const ES_CITIES: City[] = [
  ['Madrid', (r) => `280${String(r.int(1, 55)).padStart(2, '0')}`],
  ['Valencia', (r) => `460${String(r.int(1, 26)).padStart(2, '0')}`],
  ['Sevilla', (r) => `410${String(r.int(1, 20)).padStart(2, '0')}`],
  ['Zaragoza', (r) => `500${String(r.int(1, 18)).padStart(2, '0')}`],
];
const MX_CITIES: City[] = [
  ['Ciudad de México, CDMX', (r) => `0${r.int(1000, 9999)}`],
  ['Guadalajara, Jal.', (r) => `44${r.int(100, 999)}`],
  ['Puebla, Pue.', (r) => `72${r.int(0, 999)}`.padEnd(5, '0')],
];
const IT_CITIES: City[] = [
  ['Milano (MI)', (r) => `201${String(r.int(21, 62))}`],
  ['Bologna (BO)', (r) => `401${String(r.int(21, 41))}`],
  ['Torino (TO)', (r) => `101${String(r.int(21, 56))}`],
  ['Verona (VR)', (r) => `371${String(r.int(21, 42))}`],
];
const PT_CITIES: City[] = [
  ['Lisboa', (r) => `1${r.int(100, 990)}-${r.int(100, 999)}`],
  ['Porto', (r) => `4${r.int(0, 400)}`.padEnd(4, '0') + `-${r.int(100, 999)}`],
  ['Braga', (r) => `47${r.int(0, 99)}`.padEnd(4, '0') + `-${r.int(100, 999)}`],
];
const BR_CITIES: [string, string][] = [
  ['São Paulo', 'SP'],
  ['Curitiba', 'PR'],
  ['Belo Horizonte', 'MG'],
  ['Recife', 'PE'],
];

function cityLine(random: Random, cities: City[], postcodeFirst: boolean): string {
  const [name, postcode] = pick(random, cities);
  return postcodeFirst ? `${postcode(random)} ${name}` : `${name} ${postcode(random)}`;
}

const numberFirst = (random: Random, streets: string[]) =>
  `${random.int(1, 480)} ${pick(random, streets)}`;
const numberAfter = (random: Random, streets: string[], comma = false) =>
  `${pick(random, streets)}${comma ? ',' : ''} ${random.int(1, 180)}`;

/** 9 random digits with a mod-11 check digit style ending, enough to look like a real number. */
const ids = (random: Random, length: number) => random.digits(length);

/** "Carter & Hughes": two different names from the list. */
const partners = (random: Random, names: readonly string[]) => {
  const [first, second] = random.shuffle(names);
  return `${first} & ${second}`;
};

const english = (random: Random, suffixes: string[]) =>
  random.chance(0.35)
    ? `${partners(random, EN_SURNAMES)} ${pick(random, suffixes)}`
    : join(pick(random, EN_STEMS), pick(random, EN_TRADES), pick(random, suffixes));

export const COUNTRIES: Country[] = [
  {
    code: 'US',
    language: 'en',
    currency: 'USD',
    money: [
      symbol('$', 'before', false),
      symbol('USD', 'before', true),
      symbol('USD', 'after', true),
    ],
    numberStyles: [POINT_DECIMAL],
    numericDates: [
      { order: 'mdy', separator: '/', pad: true },
      { order: 'mdy', separator: '/', pad: false },
      { order: 'mdy', separator: '-', pad: true },
    ],
    taxName: 'Sales Tax',
    taxRates: [0.0825, 0.0625, 0.07, 0.08875],
    taxIdLabels: ['EIN', 'Federal Tax ID', 'EIN:'],
    taxId: (r) => `${ids(r, 2)}-${ids(r, 7)}`,
    ibanCountry: null,
    ibanLength: 0,
    company: (r) => english(r, ['LLC', 'Inc.', 'Corp.', 'Co.']),
    address: (r) => {
      const [city, state] = pick(r, US_CITIES);
      const street = numberFirst(r, US_STREETS);
      return [
        r.chance(0.3) ? `${street}, Suite ${r.int(100, 900)}` : street,
        `${city}, ${state} ${r.digits(5)}`,
      ];
    },
  },
  {
    code: 'GB',
    language: 'en',
    currency: 'GBP',
    money: [symbol('£', 'before', false), symbol('GBP', 'before', true)],
    numberStyles: [POINT_DECIMAL],
    numericDates: [dmy('/'), dmy('.'), dmy('-')],
    taxName: 'VAT',
    taxRates: [0.2, 0.05],
    taxIdLabels: ['VAT Reg No', 'VAT No.', 'VAT Registration Number'],
    taxId: (r) => `GB ${ids(r, 3)} ${ids(r, 4)} ${ids(r, 2)}`,
    ibanCountry: 'GB',
    ibanLength: 22,
    company: (r) => english(r, ['Ltd', 'Limited', 'LLP', 'plc']),
    address: (r) => {
      const [city, postcode] = pick(r, GB_CITIES);
      return [numberFirst(r, EN_STREETS), city, postcode(r)];
    },
  },
  {
    code: 'AU',
    language: 'en',
    currency: 'AUD',
    money: [
      symbol('$', 'before', false),
      symbol('AUD', 'before', true),
      symbol('A$', 'before', false),
    ],
    numberStyles: [POINT_DECIMAL],
    numericDates: [dmy('/'), dmy('/', false), dmy('.')],
    taxName: 'GST',
    taxRates: [0.1],
    taxIdLabels: ['ABN', 'ABN:'],
    taxId: (r) => `${ids(r, 2)} ${ids(r, 3)} ${ids(r, 3)} ${ids(r, 3)}`,
    ibanCountry: null,
    ibanLength: 0,
    company: (r) => english(r, ['Pty Ltd', 'Pty. Ltd.']),
    address: (r) => {
      const [city, state, postcode] = pick(r, AU_CITIES);
      return [numberFirst(r, EN_STREETS), `${city} ${state} ${postcode}`];
    },
  },
  {
    code: 'IE',
    language: 'en',
    currency: 'EUR',
    money: [symbol('€', 'before', false), symbol('EUR', 'before', true)],
    numberStyles: [POINT_DECIMAL],
    numericDates: [dmy('/'), dmy('-')],
    taxName: 'VAT',
    taxRates: [0.23, 0.135],
    taxIdLabels: ['VAT No.', 'VAT Reg. No.'],
    taxId: (r) => `IE${ids(r, 7)}${upper(r, 1)}`,
    ibanCountry: 'IE',
    ibanLength: 22,
    company: (r) => english(r, ['Ltd', 'Limited', 'DAC']),
    address: (r) => {
      const [city, postcode] = pick(r, IE_CITIES);
      return [numberFirst(r, EN_STREETS), `${city}, ${postcode(r)}`];
    },
  },
  {
    code: 'DE',
    language: 'de',
    currency: 'EUR',
    money: [
      symbol('€', 'after', true),
      symbol('EUR', 'after', true),
      symbol('EUR', 'before', true),
    ],
    numberStyles: [COMMA_DECIMAL],
    numericDates: [dmy('.'), dmy('.', false)],
    taxName: 'MwSt.',
    taxRates: [0.19, 0.07],
    taxIdLabels: ['USt-IdNr.', 'USt-IdNr.:', 'Umsatzsteuer-ID'],
    taxId: (r) => `DE${ids(r, 9)}`,
    ibanCountry: 'DE',
    ibanLength: 22,
    company: (r) =>
      r.chance(0.4)
        ? `${partners(r, DE_SURNAMES)} ${pick(r, ['GmbH', 'KG', 'OHG'])}`
        : `${pick(r, DE_STEMS)}-${pick(r, DE_TRADES)} ${pick(r, ['GmbH', 'AG', 'GmbH & Co. KG', 'e.K.'])}`,
    address: (r) => [numberAfter(r, DE_STREETS), cityLine(r, DE_CITIES, true)],
  },
  {
    code: 'AT',
    language: 'de',
    currency: 'EUR',
    money: [symbol('€', 'before', true), symbol('EUR', 'before', true)],
    numberStyles: [COMMA_DECIMAL],
    numericDates: [dmy('.')],
    taxName: 'USt.',
    taxRates: [0.2, 0.1],
    taxIdLabels: ['UID-Nr.', 'UID'],
    taxId: (r) => `ATU${ids(r, 8)}`,
    ibanCountry: 'AT',
    ibanLength: 20,
    company: (r) =>
      `${pick(r, DE_SURNAMES)} ${pick(r, DE_TRADES)} ${pick(r, ['GmbH', 'KG', 'e.U.'])}`,
    address: (r) => [numberAfter(r, DE_STREETS), cityLine(r, AT_CITIES, true)],
  },
  {
    code: 'CH',
    language: 'de',
    currency: 'CHF',
    money: [symbol('CHF', 'before', true), symbol('Fr.', 'before', true)],
    numberStyles: [APOSTROPHE_GROUPED],
    numericDates: [dmy('.')],
    taxName: 'MWST',
    taxRates: [0.081, 0.026],
    taxIdLabels: ['MWST-Nr.', 'UID'],
    taxId: (r) => `CHE-${ids(r, 3)}.${ids(r, 3)}.${ids(r, 3)} MWST`,
    ibanCountry: 'CH',
    ibanLength: 21,
    company: (r) => `${pick(r, DE_STEMS)} ${pick(r, DE_TRADES)} AG`,
    address: (r) => [numberAfter(r, DE_STREETS), cityLine(r, CH_CITIES, true)],
  },
  {
    code: 'FR',
    language: 'fr',
    currency: 'EUR',
    money: [symbol('€', 'after', true), symbol('EUR', 'after', true)],
    numberStyles: [SPACE_GROUPED, COMMA_DECIMAL],
    numericDates: [dmy('/'), dmy('.')],
    taxName: 'TVA',
    taxRates: [0.2, 0.1, 0.055],
    taxIdLabels: ['N° TVA intracommunautaire', 'TVA intracom.', 'N° TVA'],
    taxId: (r) => `FR${ids(r, 2)}${ids(r, 9)}`,
    ibanCountry: 'FR',
    ibanLength: 27,
    company: (r) =>
      r.chance(0.5)
        ? `${pick(r, FR_TRADES)} ${pick(r, FR_PLACES)} ${pick(r, ['SARL', 'SAS', 'SA', 'EURL'])}`
        : `${pick(r, FR_TRADES)} ${pick(r, FR_SURNAMES)} ${pick(r, ['SARL', 'SAS'])}`,
    address: (r) => [numberFirst(r, FR_STREETS), cityLine(r, FR_CITIES, true)],
  },
  {
    code: 'BE',
    language: 'fr',
    currency: 'EUR',
    money: [symbol('€', 'after', true), symbol('EUR', 'after', true)],
    numberStyles: [COMMA_DECIMAL, SPACE_GROUPED],
    numericDates: [dmy('/'), dmy('-')],
    taxName: 'TVA',
    taxRates: [0.21, 0.06],
    taxIdLabels: ['N° TVA', 'TVA'],
    taxId: (r) => `BE 0${ids(r, 3)}.${ids(r, 3)}.${ids(r, 3)}`,
    ibanCountry: 'BE',
    ibanLength: 16,
    company: (r) => `${pick(r, FR_TRADES)} ${pick(r, FR_SURNAMES)} ${pick(r, ['SRL', 'SA'])}`,
    address: (r) => [
      numberAfter(r, ['Rue de la Loi', 'Avenue Louise', 'Rue Haute', 'Chaussée de Wavre']),
      cityLine(r, BE_FR_CITIES, true),
    ],
  },
  {
    code: 'NL',
    language: 'nl',
    currency: 'EUR',
    money: [symbol('€', 'before', true), symbol('EUR', 'before', true)],
    numberStyles: [COMMA_DECIMAL],
    numericDates: [dmy('-'), dmy('-', false), { order: 'ymd', separator: '-', pad: true }],
    taxName: 'BTW',
    taxRates: [0.21, 0.09],
    taxIdLabels: ['BTW-nummer', 'Btw-nr.', 'BTW nr'],
    taxId: (r) => `NL${ids(r, 9)}B${ids(r, 2)}`,
    ibanCountry: 'NL',
    ibanLength: 18,
    company: (r) =>
      r.chance(0.5)
        ? `${pick(r, NL_SURNAMES)} ${pick(r, NL_TRADES)} B.V.`
        : `${pick(r, ['De Groene', 'Het Noorden', 'De Eendracht', 'Polderland', 'Zuidwest'])} ${pick(r, NL_TRADES)} ${pick(r, ['B.V.', 'V.O.F.'])}`,
    address: (r) => [numberAfter(r, NL_STREETS), cityLine(r, NL_CITIES, true)],
  },
  {
    code: 'BE',
    language: 'nl',
    currency: 'EUR',
    money: [symbol('€', 'before', true), symbol('€', 'after', true)],
    numberStyles: [COMMA_DECIMAL],
    numericDates: [dmy('/'), dmy('.')],
    taxName: 'BTW',
    taxRates: [0.21, 0.06],
    taxIdLabels: ['BTW', 'Ondernemingsnummer'],
    taxId: (r) => `BE 0${ids(r, 3)}.${ids(r, 3)}.${ids(r, 3)}`,
    ibanCountry: 'BE',
    ibanLength: 16,
    company: (r) => `${pick(r, NL_SURNAMES)} ${pick(r, NL_TRADES)} ${pick(r, ['BV', 'NV'])}`,
    address: (r) => [numberAfter(r, NL_STREETS), cityLine(r, BE_NL_CITIES, true)],
  },
  {
    code: 'ES',
    language: 'es',
    currency: 'EUR',
    money: [symbol('€', 'after', true), symbol('€', 'after', false), symbol('EUR', 'after', true)],
    numberStyles: [COMMA_DECIMAL],
    numericDates: [dmy('/'), dmy('-')],
    taxName: 'IVA',
    taxRates: [0.21, 0.1, 0.04],
    taxIdLabels: ['NIF', 'CIF', 'NIF/CIF'],
    taxId: (r) => `${pick(r, ['B', 'A'])}${ids(r, 8)}`,
    ibanCountry: 'ES',
    ibanLength: 24,
    company: (r) =>
      r.chance(0.5)
        ? `${pick(r, ES_TRADES)} ${pick(r, ES_PLACES)} ${pick(r, ['S.L.', 'S.A.', 'S.L.U.'])}`
        : `${pick(r, ES_TRADES)} ${pick(r, ES_SURNAMES)} ${pick(r, ['S.L.', 'S.A.'])}`,
    address: (r) => [numberAfter(r, ES_STREETS, true), cityLine(r, ES_CITIES, true)],
  },
  {
    code: 'MX',
    language: 'es',
    currency: 'MXN',
    money: [symbol('$', 'before', false), symbol('MXN', 'before', true)],
    numberStyles: [POINT_DECIMAL],
    numericDates: [dmy('/'), dmy('-')],
    taxName: 'IVA',
    taxRates: [0.16],
    taxIdLabels: ['RFC'],
    taxId: (r) => `${upper(r, 3)}${ids(r, 6)}${upper(r, 2)}${ids(r, 1)}`,
    ibanCountry: null,
    ibanLength: 0,
    company: (r) =>
      `${pick(r, ES_TRADES)} ${pick(r, ES_SURNAMES)} ${pick(r, ['S.A. de C.V.', 'S. de R.L.'])}`,
    address: (r) => [
      numberFirst(r, MX_STREETS).replace(/^(\d+) (.*)$/, '$2 $1'),
      cityLine(r, MX_CITIES, true),
    ],
  },
  {
    code: 'IT',
    language: 'it',
    currency: 'EUR',
    money: [symbol('€', 'before', true), symbol('EUR', 'before', true), symbol('€', 'after', true)],
    numberStyles: [COMMA_DECIMAL],
    numericDates: [dmy('/'), dmy('-'), dmy('.')],
    taxName: 'IVA',
    taxRates: [0.22, 0.1, 0.04],
    taxIdLabels: ['P.IVA', 'Partita IVA', 'P. IVA'],
    taxId: (r) => `${r.chance(0.5) ? 'IT' : ''}${ids(r, 11)}`,
    ibanCountry: 'IT',
    ibanLength: 27,
    company: (r) =>
      r.chance(0.5)
        ? `${pick(r, IT_TRADES)} ${pick(r, IT_SURNAMES)} ${pick(r, ['S.r.l.', 'S.p.A.', 'S.n.c.'])}`
        : `${pick(r, IT_TRADES)} ${pick(r, IT_PLACES)} ${pick(r, ['S.r.l.', 'S.p.A.'])}`,
    address: (r) => [numberAfter(r, IT_STREETS, true), cityLine(r, IT_CITIES, true)],
  },
  {
    code: 'PT',
    language: 'pt',
    currency: 'EUR',
    money: [symbol('€', 'after', true), symbol('EUR', 'after', true)],
    numberStyles: [SPACE_GROUPED, COMMA_DECIMAL],
    numericDates: [dmy('/'), dmy('-'), { order: 'ymd', separator: '-', pad: true }],
    taxName: 'IVA',
    taxRates: [0.23, 0.13, 0.06],
    taxIdLabels: ['NIF', 'Contribuinte n.º', 'NIPC'],
    taxId: (r) => `${r.chance(0.4) ? 'PT' : ''}${pick(r, ['5', '2'])}${ids(r, 8)}`,
    ibanCountry: 'PT',
    ibanLength: 25,
    company: (r) =>
      `${pick(r, PT_TRADES)} ${pick(r, PT_SURNAMES)}, ${pick(r, ['Lda.', 'S.A.', 'Unipessoal Lda.'])}`,
    address: (r) => [numberAfter(r, PT_STREETS, true), cityLine(r, PT_CITIES, true)],
  },
  {
    code: 'BR',
    language: 'pt',
    currency: 'BRL',
    money: [symbol('R$', 'before', true)],
    numberStyles: [COMMA_DECIMAL],
    numericDates: [dmy('/')],
    taxName: 'ISS',
    taxRates: [0.05, 0.02],
    taxIdLabels: ['CNPJ'],
    taxId: (r) => `${ids(r, 2)}.${ids(r, 3)}.${ids(r, 3)}/0001-${ids(r, 2)}`,
    ibanCountry: null,
    ibanLength: 0,
    company: (r) =>
      `${pick(r, PT_TRADES)} ${pick(r, PT_SURNAMES)} ${pick(r, ['Ltda.', 'S.A.', 'ME'])}`,
    address: (r) => {
      const [city, state] = pick(r, BR_CITIES);
      return [numberAfter(r, PT_STREETS, true), `${r.digits(5)}-${r.digits(3)} ${city} - ${state}`];
    },
  },
];

/** An IBAN with correct check digits (ISO 13616 mod 97), printed in groups of four. */
export function iban(random: Random, country: Country): string | null {
  if (!country.ibanCountry) return null;
  const bban =
    country.code === 'GB'
      ? `${upper(random, 4)}${random.digits(country.ibanLength - 8)}`
      : random.digits(country.ibanLength - 4);
  const numeric = `${bban}${country.ibanCountry}00`.replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  const check = String(98 - remainder).padStart(2, '0');
  return `${country.ibanCountry}${check}${bban}`.replace(/(.{4})(?=.)/g, '$1 ');
}

export function party(random: Random, country: Country): Party {
  return { name: country.company(random), address: country.address(random) };
}
