/** The issuer's address: the lines under its name, up to the first phone, tax id, date or label line. */
import { repairAddressWords } from '../address-words.js';
import {
  avgConf,
  leastGlyphOf,
  minConf,
  letters,
  ocrFactor,
  type Candidate,
  type DocContext,
} from '../context.js';
import { knownReadingOf } from '../known-readings.js';
import { levenshtein, unionBox, type Row } from '../layout.js';
import { addressWordsOf, regionsOf } from '../locales/index.js';
import { findDates } from '../parse.js';
import { ADDRESS_WORD, GSTLINE, NOT_VENDOR, PHONE, REG_NO, fixOcrLetters } from './company-name.js';
import { vendorFallback } from './parties.js';

/**
 * A company registration number printed before the street on the same line ("(CO.REG:860671-D)",
 * "JM0325955-V"), as OCR garbles it: a short prefix, six to eight figures, a check letter.
 */
const LEADING_REG_NO =
  /^\(?\s*(?:[a-z]{1,3}[.-]?\s?[a-z]{0,3}\s?[:.]\s?)?[a-z]{0,3}[0-9oq]{5,8}\s?-\s?[a-z0-9]\)?[\s,]*/i;

/**
 * Figures of an address as OCR misreads them: a letter that looks like a digit inside a run of
 * digits ("4330O", "411S0", "7/1l8B") and "No.I" for house number 1. Words are left alone.
 */
export function repairAddressFigures(text: string): string {
  return (
    text
      .replace(/(?<=\d)[Il|](?=\d)/g, '1')
      .replace(/(?<=\d)[OoQ](?=\d)|(?<=\d{3})[OoQ](?![a-z])/g, '0')
      .replace(/(?<=\d)S(?=\d)|(?<=\d{3})S(?=0)/g, '5')
      .replace(/(?<=\d)B(?=\d)/g, '8')
      .replace(/\b(No\.?\s?)[Il|](?=[\s,]|$)/gi, '$11')
      // a five-figure postcode with one or two figures read as look-alike letters ("B1750", "411SO")
      .replace(
        /(?<![\w-])(?=[0-9OoQDSBIl]{5}(?![\w-]))(?=(?:[^0-9]*[0-9]){3})[0-9OoQDSBIl]{5}(?![\w-])/g,
        (t) =>
          t
            .replace(/[OoQD]/g, '0')
            .replace(/S/g, '5')
            .replace(/B/g, '8')
            .replace(/[Il]/g, '1'),
      )
      // "LOT" before its number, its L or O read as a digit
      .replace(/\b[L1I][O0]T(?=[\s.]?\d)/g, 'LOT')
      // a comma read as a period between a house or postal number and the next word ("290.JALAN")
      .replace(/(?<=\d)\.\s?(?=[A-Za-z]{3,})/g, ', ')
  );
}

/**
 * Commas as OCR misreads them between an address's parts: a period after a whole word (abbreviations
 * such as "JLN." or "Str." are shorter) or between a number and a postcode, and a semicolon.
 */
export function repairAddressCommas(text: string): string {
  return text
    .replace(/(?<=[A-Za-z]{4})\.\s?(?=[A-Za-z])/g, ', ')
    .replace(/(?<=\d)\.\s(?=\d{4,})/g, ', ')
    .replace(/\s?;\s?/g, ', ');
}

const COUNTRIES =
  /\b(malaysia|singapore|indonesia|thailand|deutschland|germany|österreich|austria|schweiz|switzerland|france|belgique|belgium|nederland|netherlands|españa|spain|italia|italy|portugal|brasil|brazil|united kingdom|usa)\b\.?/gi;

/**
 * An address ends with its country: a few words after it without a figure are the outlet's or
 * mall's name printed on the next line ("…, Malaysia SUNWAY VELOCITY").
 */
function endAtCountry(text: string): string {
  const last = [...text.matchAll(COUNTRIES)].pop();
  if (last?.index === undefined) return text;
  const end = last.index + last[0].length;
  const rest = text.slice(end).trim();
  return rest && !/\d/.test(rest) && rest.split(/\s+/).length <= 4 ? text.slice(0, end) : text;
}

/** A line's words, lowercase, with a vocabulary word OCR split joined again ("Se langor"). */
const wordsOf = (text: string, ctx: DocContext): string =>
  repairAddressWords(text, ctx.locales)
    .toLowerCase()
    .replace(/[^a-z']+/g, ' ')
    .trim();

/** Whether a line ends with a state or region of the document's languages, or a country. */
function endsWithRegion(text: string, ctx: DocContext): boolean {
  const words = wordsOf(text, ctx);
  const ends = (place: string) => words === place || words.endsWith(` ${place}`);
  return (
    regionsOf(ctx.locales).some(ends) || [...words.matchAll(COUNTRIES)].some((m) => ends(m[0]))
  );
}

/**
 * A line under the address's closing state that is no part of an address: no figure, no word of
 * the address vocabulary, not in brackets. It is the outlet's own name ("Selangor" / "D'Rosh
 * Servport"); a branch code ("1076-IJOK"), "Malaysia", "Darul Ehsan" or "(TESCO PUTRA NILAI)" is
 * printed as part of the address.
 */
function isOutletName(text: string, ctx: DocContext): boolean {
  if (/\d/.test(text) || /^\(.*\)$/.test(text.trim()) || ADDRESS_WORD.test(text)) return false;
  const vocabulary = new Set([...addressWordsOf(ctx.locales), ...regionsOf(ctx.locales)]);
  const words = wordsOf(text, ctx);
  return !words.split(' ').some((w) => vocabulary.has(w)) && ![...words.matchAll(COUNTRIES)].length;
}

/** A run of seven figures or more: a registration, tax or phone number, never part of an address. */
const ID_FIGURES = /\d{7,}/;

/** Two lines printing the same words, as OCR reads them (a letter or two apart). */
function sameLine(a: string, b: string): boolean {
  const [x, y] = [a, b].map((t) => t.toLowerCase().replace(/[^a-z0-9]/g, ''));
  return !!x && !!y && x.length >= 8 && levenshtein(x, y) <= Math.floor(x.length / 8);
}

/**
 * The branch named by its locality above the address ("Bandar Baru Rawang" / "No 15 Jalan Bandar
 * Rawang 10" / "Bandar Baru Rawang"): a first line without a figure that the address repeats as
 * a later line is the branch's name.
 */
function withoutBranchLine(rows: Row[]): Row[] {
  const [first, ...rest] = rows;
  if (!first || /\d/.test(first.text)) return rows;
  return rest.some((r) => sameLine(first.text, r.text)) ? rest : rows;
}

/** A line that is only a registration number, its prefix garbled ("JM0325955-V"). */
const LOOSE_REG_NO = /^\(?[a-z]{0,3}[0-9oq]{5,9}\s?-\s?[a-z0-9]\)?\.?$/i;

/**
 * A business registration line under any short label ("BR No.: 0195932-X", "SSM No 1234567-A",
 * "ROC : 860671-D"): a number of five to twelve figures with its check letter after a label that
 * ends in "no", "reg" or a registry's name.
 */
const REGISTRATION_LINE =
  /^\(?\s*(?:[a-z.]{1,12}\s){0,3}(?:no|reg|roc|ssm|brn)\b[\s.:#]*[0-9oq]{5,12}\s?-?\s?[a-z0-9]\s*\)?\.?$/i;

/**
 * A registration number printed in brackets among the words of the street line ("LOT 1851-A
 * (CO.REG:860671-D) & 1851-B"): the number is no part of the address.
 */
const BRACKETED_REG_NO =
  /\s*\(\s*(?:co\.?\s*)?(?:reg(?:istration)?|no|roc)\.?\s*(?:no\.?)?\s*[:.]?\s*[0-9oq]{5,12}\s?-?\s?[a-z0-9]\s*\)/gi;

/** Address lines joined into one text, without stray marks at their ends or registration numbers. */
const joinedText = (rows: Row[]): string =>
  rows
    .map((r) =>
      r.text
        .replace(BRACKETED_REG_NO, '')
        .replace(/^[|\s"'‘“]+|[|\s:—-]+$/g, '')
        .trim(),
    )
    .join(' ')
    .replace(/\s+/g, ' ');

/** The address: the lines after the vendor up to the first phone/GST/date/label line, joined with ' '. */
export function addressFallback(ctx: DocContext): Candidate | null {
  const v = vendorFallback(ctx);
  if (!v) return null;
  const rows = ctx.layout.rows;
  let picked: Row[] = [];
  for (let i = v.rowIndex + 1; i < rows.length && picked.length < 5; i++) {
    const row = rows[i];
    if (!row || row.page !== v.cand.page) break;
    const text = row.text.replace(BRACKETED_REG_NO, '').trim();
    const stop =
      PHONE.test(text) ||
      GSTLINE.test(text) ||
      findDates(text, ctx.order).length > 0 ||
      /^[a-z .#/]{2,20}:/i.test(text) ||
      NOT_VENDOR.test(text.replace(/[^a-z ]/gi, '').trim()) ||
      /invoice|receipt|cashier|counter|table|member|guest|\bserver\b|\bpax\b/i.test(text) ||
      /@|www\.|http/i.test(text);
    const skippable =
      REG_NO.test(text) ||
      LOOSE_REG_NO.test(text) ||
      REGISTRATION_LINE.test(text) ||
      avgConf(row.words) < 0.45 ||
      letters(text) < 2 ||
      (ID_FIGURES.test(text) && !ADDRESS_WORD.test(text));
    if (!picked.length) {
      const idLine = GSTLINE.test(text) || PHONE.test(text) || /\breg\b/i.test(text);
      if (skippable || idLine || (stop && !ADDRESS_WORD.test(text))) {
        if (i - v.rowIndex > 3) break;
        continue;
      }
      // the street word as OCR may have split or misread it ("Ja ian Lapangan Terbang")
      if (!ADDRESS_WORD.test(repairAddressWords(text, ctx.locales)) && !/\d/.test(text)) {
        if (i - v.rowIndex > 2) break;
        continue;
      }
    } else if (stop || skippable) break;
    if (picked.length) {
      const prev = picked[picked.length - 1];
      if (prev && row.box[1] - prev.box[3] > 2 * ctx.layout.unit) break;
      if (prev && endsWithRegion(prev.text, ctx) && isOutletName(text, ctx)) break;
    }
    picked.push(row);
  }
  picked = withoutBranchLine(picked);
  if (!picked.length) return null;
  const reread = picked.map((r) => ({
    ...r,
    text: r.words.map((w) => knownReadingOf(w, ctx)).join(' '),
  }));
  const joined = joinedText(reread).replace(LEADING_REG_NO, '');
  const text = repairAddressWords(
    repairAddressCommas(repairAddressFigures(endAtCountry(fixOcrLetters(joined)))),
    ctx.locales,
  )
    // quote marks are specks between words here; an O read as Q before a house number ("NQ.6")
    .replace(/[‘’“”"`]/g, '')
    .replace(/\bNQ(?=\.?\s?\d)/g, 'NO')
    .replace(/\bNc(?=\.?\s?\d)/g, 'No')
    .replace(/^_+|_+$/g, '')
    .trim();
  const toks = picked.flatMap((r) => r.words);
  return {
    value: text,
    box: unionBox(picked.map((r) => r.box)),
    page: v.cand.page,
    confidence: 0.65 * ocrFactor(toks),
    order: picked[0]?.index ?? 0,
    where: 'fallback',
    readConf: avgConf(toks),
    minReadConf: minConf(toks),
    ...leastGlyphOf(toks),
  };
}
