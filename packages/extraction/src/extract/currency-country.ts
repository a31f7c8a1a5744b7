/**
 * The currency a document's country pays in, for documents whose amounts carry no symbol (a scan
 * that lost its "€") or only a "$", which several countries print. The cues are the issuer's bank
 * account (IBAN country), tax ids with a country prefix or a country's own name ("P.IVA IT…",
 * "ABN", "RFC") and country names in addresses.
 */

const EURO_COUNTRIES = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'GR', 'IE', 'IT', 'LU', 'NL', 'PT'];
const COUNTRY_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(EURO_COUNTRIES.map((c) => [c, 'EUR'])),
  CH: 'CHF',
  LI: 'CHF',
  GB: 'GBP',
};

/** Country names as addresses print them, with their currency. */
const COUNTRY_NAMES: [RegExp, string][] = [
  [
    /\b(deutschland|germany|österreich|austria|france|belgique|belgië|belgium|nederland|netherlands|españa|spain|italia|italy|portugal|ireland|luxembourg)\b/gi,
    'EUR',
  ],
  [/\b(schweiz|suisse|svizzera|switzerland)\b/gi, 'CHF'],
  [/\b(united kingdom|england|scotland)\b/gi, 'GBP'],
  [/\b(australia)\b/gi, 'AUD'],
  [/\b(new zealand)\b/gi, 'NZD'],
  [/\b(canada)\b/gi, 'CAD'],
  [/\b(méxico|mexico)\b/gi, 'MXN'],
  [/\b(usa|united states)\b/gi, 'USD'],
  [/\b(singapore)\b/gi, 'SGD'],
  [/\b(brasil|brazil)\b/gi, 'BRL'],
];

/** Tax ids named after one country: the document is from there. */
const NATIONAL_TAX_IDS: [RegExp, string][] = [
  [/\bABN\b/g, 'AUD'],
  [/\bRFC\b/g, 'MXN'],
  [/\bCNPJ\b/g, 'BRL'],
  [/\bGST\/HST\b|\bHST\b/g, 'CAD'],
];

/** The currency the document's country cues point to, or null when they are absent or disagree. */
export function currencyFromCountry(text: string): string | null {
  const votes = new Map<string, number>();
  const add = (c: string | undefined, w: number) => {
    if (c) votes.set(c, (votes.get(c) ?? 0) + w);
  };
  // an IBAN: two letters, two check digits, then the account in groups ("CH39 7932 2943 …")
  for (const m of text.matchAll(/\bIBAN\b[:\s]*([A-Z]{2})\s?\d{2}[\s\dA-Z]{8,}/g))
    add(COUNTRY_CURRENCY[m[1] ?? ''], 3);
  // a VAT id with its country prefix ("IT52017227298", "DE 123456789", "CHE-123.456.789")
  for (const m of text.matchAll(
    /\b(?:VAT|USt-?IdNr|UID|TVA|BTW|P\.?\s?IVA|NIF|CIF|NIPC|MWST)\b[^\n]{0,12}?\b([A-Z]{2})(?:E-)?[\s-]?\d[\d.\s]{6,}/gi,
  ))
    add(COUNTRY_CURRENCY[(m[1] ?? '').toUpperCase()], 2);
  for (const [re, c] of NATIONAL_TAX_IDS) for (const _m of text.matchAll(re)) add(c, 2);
  for (const [re, c] of COUNTRY_NAMES) for (const _m of text.matchAll(re)) add(c, 1);
  let best: string | null = null;
  let bestN = 0;
  let tie = false;
  for (const [c, n] of votes) {
    if (n > bestN) [best, bestN, tie] = [c, n, false];
    else if (n === bestN) tie = true;
  }
  return tie ? null : best;
}

/** Currencies printed with a "$" sign. */
export const DOLLAR_CURRENCIES = new Set(['USD', 'AUD', 'CAD', 'NZD', 'SGD', 'HKD', 'MXN']);
