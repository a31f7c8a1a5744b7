/** How a company name looks on a document header: legal forms, and the lines that are something else (phones, tax ids, titles). */
import { letters, type DocContext } from '../context.js';
import { findDates } from '../parse.js';
import { CAPITAL_I_READ_AS_L } from '../lookalike-letters.js';

export const COMPANY_SUFFIX =
  /\b(s[do]n\.?\s*b[hn]d|bhd|berhad|s\/b|ltd|limited|llc|inc|incorporated|gmbh|b\.?v|n\.?v|corp(oration)?|co\b|company|enterprises?|trading|sdn|plc|pte|pty|s\.?a\.?r?\.?l?|ag|oy|ab|restaurant|restoran|cafe|café|mart|supermarket|hardware|store|stores|services|industries|holdings|group|bakery|pharmacy|kedai|perniagaan|syarikat|shop|cash\s?(?:&|and|n)\s?carry)\b/i;
/** Legal-entity suffixes: a line carrying one is the company name far more often than a weak trade word. */
export const STRONG_SUFFIX =
  /\b(s[do0]n\.?\s*b[hn]d|bhd|berhad|s\/b|ltd|limited|llc|inc|incorporated|gmbh|corp(oration)?|plc|pte|pty|enterprises?|trading|sarl|srl|s\.r\.l|s\.p\.a|s\.l|s\.a\.s|lda|ltda|b\.v|bvba|e\.k|v\.o\.f|e\.u|kg|ohg|eurl|(?<!\.)s\.a)\b/i;
/** A line opening with a business-form word rather than a name. */
export const LEADING_FORM =
  /^\W*(co\b\.?|company|enterprises?|trading|hardware|holdings|industries|services|stores?|supermarket|restaurant|restoran|bakery|pharmacy|sdn|bhd|berhad|ltd|limited|inc|llc|gmbh|plc)\b/i;
export const NOT_VENDOR =
  /^(tax\s*invoice|simplified\s*tax\s*invoice|invoice|receipt|official\s*receipt|cash\s*(bill|sale|receipt)|bill|tax|original|copy|duplicate|welcome|page\b.*|statement|quotation|credit\s*note|debit\s*note|order|thank\s*you.*|rechnung|facture|factuur|factura|fattura|fatura|nota\s*fiscal|quittung|recibo|ricevuta)$/i;
export const REG_NO =
  /^\(?\s*(co\.?\s*(reg|no)|company\s*(reg|no)|roc|reg)?[\s.:]*(no)?[\s.:]*[0-9]{4,8}\s*-?\s*[a-z0-9]\s*\)?\.?$/i;
export const PHONE =
  /\b(tel|phone|fax|h\/p|hp|mobile|telefoon|tél|telefon|telefono|teléfono|telefone|tlf)\b|\b\d{2,4}[-\s]\d{6,8}\b|\+\d{2}|\b0\d{1,2}-\d{3,4}\s?\d{4}\b|^\s*[tf]\s*:/i;
export const GSTLINE =
  /\b(gst|sst|vat|tax)\s*(id|reg|no|registration|#)|\bgst\b|\bbtw\b|\bkvk\b|\bcompany\s*no\b|\bco\.?\s*no\b|\bust-?id|\bsteuer-?nr|\bsteuernummer\b|\bsiret\b|\bsiren\b|\btva\b|\bnif\b|\bcif\b|\bp\.?\s?iva\b|\bpartita\s*iva\b|\bcodice\s*fiscale\b|\bcnpj\b|\biban\b|\bbic\b|\bswift\b/i;
export const ADDRESS_WORD =
  /\b(jalan|jln|lorong|taman|tmn|no\.?|lot|blok|block|road|rd|street|st|avenue|ave|lane|floor|flr|level|suite|unit|kawasan|bandar|kampung|kg|persiaran|plaza|mall|centre|center|building|bldg|\d{5}|selangor|johor|kuala|lumpur|penang|malaysia|city|straat|laan|weg|rue|strasse|straße|box|rua|calle|via|viale|piazza|avenida|platz|allee|gasse|plein|gracht|corso|chemin)\b/i;

export function looksLabelOrData(text: string, ctx: DocContext): boolean {
  const t = text.trim();
  if (!t) return true;
  if (findDates(t, ctx.order).length) return true;
  if (/:/.test(t) && /^[a-z .#/]{2,20}:/i.test(t)) return true;
  if (letters(t) < 3 || letters(t) < t.replace(/\s/g, '').length * 0.5) return true;
  return false;
}

/** A street/postcode line: an address word together with a number. */
export const looksAddress = (text: string): boolean =>
  !STRONG_SUFFIX.test(normaliseCompany(text)) &&
  ADDRESS_WORD.test(text.replace(/\bno\b\.?/gi, '')) &&
  /\d/.test(text);

/** A single OCR look-alike digit inside a word of letters ("8HD", "D.1.Y.", "5ky") read back as the letter. */
export function fixOcrLetters(text: string): string {
  return text.replace(/[A-Za-z0-9.'&-]+/g, (tok) => {
    const digits = tok.match(/\d/g) ?? [];
    if (digits.length !== 1 || !/[0158]/.test(digits[0] ?? '')) return tok;
    if (letters(tok) < 2) return tok;
    const map: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };
    const lower = tok.replace(/[^A-Za-z]/g, '') === tok.replace(/[^A-Za-z]/g, '').toLowerCase();
    return tok.replace(/[0158]/, (d) => (lower ? (map[d] ?? d).toLowerCase() : (map[d] ?? d)));
  });
}

/** Letters of two words of one length that differ. */
const lettersApart = (a: string, b: string): number =>
  [...a.toUpperCase()].filter((ch, i) => ch !== b[i]).length;

/**
 * "Sdn Bhd" (Sendirian Berhad) closing a name with a glyph of each word misread ("SEN 3HD",
 * "SDN EHD"): two three-letter words each at most one glyph from the form's.
 */
function repairSdnBhd(text: string): string {
  return text.replace(
    /\b([A-Za-z0-9]{3})(\.?\s*)([A-Za-z0-9]{3})(?=\.?\s*(?:\(|$))/g,
    (pair, sdn: string, between: string, bhd: string) => {
      if (lettersApart(sdn, 'SDN') > 1 || lettersApart(bhd, 'BHD') > 1) return pair;
      // a look-alike pair that is neither word, like "SON", reads as the form only beside the other
      if (lettersApart(sdn, 'SDN') + lettersApart(bhd, 'BHD') === 0) return pair;
      const lower = sdn === sdn.toLowerCase() || /^[A-Z][a-z]/.test(sdn);
      return `${lower ? 'Sdn' : 'SDN'}${between}${lower ? 'Bhd' : 'BHD'}`;
    },
  );
}

/** Company names with OCR confusions in their legal suffix ("SON BHD", "SDN 8HD") and look-alike digits fixed. */
export function normaliseCompany(text: string): string {
  return (
    repairSdnBhd(fixOcrLetters(text))
      // the Italian "S.r.l." at the end of a name, its thin l lost ("Informatica Ligure S.r.") or
      // read as a capital I or a 1 ("S.r.I.")
      .replace(/\bS\.r\.$/, 'S.r.l.')
      .replace(/\bS\.r\.[I1|]\.?$/, 'S.r.l.')
      // a dotted form closing the name with a space read inside it ("Visser Bouwservice B. V.")
      .replace(/\b([BNS])\.\s([VA])\.?$/, '$1.$2.')
      // a capital I read as a small l opening a word ("lronbridge Engineering")
      .replace(/[A-Za-z]+/g, (word) => word.replace(CAPITAL_I_READ_AS_L, 'I'))
      // a reference number printed before the name ("#000002 BAIFU (M) SDN BHD")
      .replace(/^#\s?\d+\s+(?=[A-Za-z])/, '')
      // a speck read as a period between words ("ELECTRICAL. TRADING", "ENTERPRISE . (SETIA"):
      // an abbreviation's period follows a short word, not one of five letters or more
      .replace(/(?<=[A-Za-z]{5})\s?\.\s(?=[A-Za-z(])/g, ' ')
      .replace(/\s\.\s/g, ' ')
      // the B of "S/B" read as D before the registration number printed after it
      .replace(/\bS\s?\/\s?[D8](?=\s*\()/g, 'S/B')
      // a speck glued after the closing legal form's period ("SDN. BHD.T")
      .replace(/\b(BHD|Bhd|BERHAD|Berhad)\.[A-Za-z]$/, '$1.')
      .replace(/\bS[O0]N(\.?\s*)(B[HN]D)\b/g, 'SDN$1$2')
      .replace(/\b(Sdn\.?\s*)Bnd\b/g, '$1Bhd')
      // the D of BHD read as O or 0 ("SDN BHO")
      .replace(/\b(S[DO0]N\.?\s*)BH[O0U]\b/g, '$1BHD')
      // "(M)" (Malaysia) before the legal form, its M read as H or N ("MR D.I.Y. (H) SDN BHD")
      .replace(/\(\s?[HN]\s?\)(?=\s*S[DO0]N\b)/g, '(M)')
      // a 0 for an O after a capital ("C0.", "N0"), a 5 for the S of "S/B" (Sendirian Berhad)
      .replace(/\b([A-Z])0(?=\.|\b)/g, '$1O')
      .replace(/\b[5$]\s?\/\s?B\b/g, 'S/B')
      // the stroke of "S/B" read as a 7 ("99 SPEED MART S7B")
      .replace(/\b[5S]7B\b/g, 'S/B')
      // a registration number printed after the closing legal form, its bracket misread
      // ("… S/B AIN S19537-X)"): the name ends with its form
      .replace(/\b(S\/B|SDN\.?\s?BHD|BHD|BERHAD)\b[^()]*\S*\d{4,}\S*\)?\s*$/i, '$1')
      // the B of a closing "S/B" read as D or 8 ("99 SPEED MART S/D")
      .replace(/\bS\s?\/\s?[D8]$/g, 'S/B')
      // OCR reads round brackets as braces and glues a stray stroke to them ("BAKERIES/(KL)")
      .replace(/\{/g, '(')
      .replace(/\}/g, ')')
      .replace(/\s*[/|\\]+\s*\(/g, ' (')
      .replace(/\)\s*[/|\\]+\s*/g, ') ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const DOCUMENT_TITLE =
  '(?:(?:tax|retail|sales|commercial|pro\\s*-?\\s*forma|simplified|official|cash|credit|debit|payment)\\s+)?' +
  '(?:invoices?|receipts?|factu(?:u)?r|facture|rechnung|factura|fattura|fatura|bill|statement|quotation)(?:\\s*/\\s*bill)?';
const LEADING_TITLE = new RegExp(`^${DOCUMENT_TITLE}\\b[\\s.:#-]*`, 'i');
const TRAILING_TITLE = new RegExp(`[\\s.:#-]*\\b${DOCUMENT_TITLE}[\\s.:]*$`, 'i');

/**
 * A header line without the document's title: issuers print their name beside it ("Amazon Web
 * Services Invoice", "FACTUUR. Coolblue B.V."). A line that is only a title comes back empty.
 */
export function withoutDocumentTitle(text: string): string {
  return text.replace(LEADING_TITLE, '').replace(TRAILING_TITLE, '').trim();
}
