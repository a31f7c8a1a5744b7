/** Typed parsing of printed values: dates, amounts, booleans, currencies. Pure and locale-tolerant. */

import { detectCurrencyIn } from './currencies.js';
import { ALL_MONTHS } from './locales/index.js';
import type { DateOrder, DecimalMark } from './locales/types.js';

export type { DateOrder, DecimalMark } from './locales/types.js';
export { detectCurrency, detectCurrencyIn } from './currencies.js';

export interface ParsedDate {
  iso: string;
  /** True when day and month could be swapped and the order was guessed. */
  ambiguous: boolean;
  /** The matched text. */
  match: string;
  index: number;
}

/** Month names of every locale pack, longest first so "sept" is not read as "sep" + "t". */
const MONTHS: [string, number][] = [...ALL_MONTHS].sort((a, b) => b[0].length - a[0].length);
const MONTH_RE = MONTHS.map(([m]) => m)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * Short month names that are also words a till prints before a quantity or a price ("2 SET 10.00",
 * Italian and Portuguese "set" for September, Portuguese "out" for October): with one of them a date
 * needs a four-digit year.
 */
const MONTHS_THAT_ARE_WORDS = new Set(['set', 'out']);

/** Whether a month name and year read together are a date rather than a word before a figure. */
const plausibleNamedDate = (month: string, year: string): boolean =>
  year.length === 4 || !MONTHS_THAT_ARE_WORDS.has(month.toLowerCase().replace(/\.$/, ''));

function monthNumber(name: string): number | null {
  const n = name.toLowerCase().replace(/\.$/, '');
  for (const [m, v] of MONTHS) if (n === m) return v;
  for (const [m, v] of MONTHS) if (m.length >= 3 && n.startsWith(m)) return v;
  return null;
}

function fullYear(y: number): number {
  if (y >= 100) return y;
  return y < 70 ? 2000 + y : 1900 + y;
}

/** Documents' own dates are from 1970 on; a date of birth can be older. */
const EARLIEST_YEAR = 1970;

function valid(y: number, m: number, d: number, earliest = EARLIEST_YEAR): boolean {
  if (y < earliest || y > 2099 || m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

const iso = (y: number, m: number, d: number): string =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Fix common OCR confusions inside digit-heavy tokens (O→0, l/I→1, S→5, B→8) without touching words. */
export function fixOcrDigits(text: string): string {
  // a letter inside a word ("25/FEB/2017", "NOV") is not a figure: runs start after no letter
  return text.replace(/(?<![A-Za-z])[0-9OoIlSB|]+(?:[./,:-][0-9OoIlSB|]+)+/g, (tok) => {
    const digits = (tok.match(/[0-9]/g) ?? []).length;
    const letters = (tok.match(/[OoIlSB|]/g) ?? []).length;
    if (digits < 2 || letters > digits) return tok;
    return tok.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1').replace(/S/g, '5').replace(/B/g, '8');
  });
}

/**
 * OCR misreads of a zero inside the year of a numeric date: letters that look like 0 ("17/06/2C18")
 * and a four-digit year outside any plausible century ("10-05-2817", "2O18"). A year in 2100-2999 is
 * read as 20yy: receipts and invoices are not dated in the 22nd century, while a 0 printed thin or
 * faint is read as 8, 6 or 9 often enough.
 */
function repairDateYears(text: string): string {
  return joinSplitYears(text).replace(
    /(?<![\d])(\d{1,2}\s?[-/.]\s?\d{1,2}\s?[-/.]\s?)([0-9OoCDQ]{4}|[0-9OoCDQ]{2})(?![\dA-Za-z])/g,
    (_m, head: string, year: string) => {
      let y = year.replace(/[OoCDQ]/g, '0');
      if (y.length === 4 && y[0] === '2' && y[1] !== '0' && Number(y) > 2099) y = `20${y.slice(2)}`;
      return head + y;
    },
  );
}

/**
 * The point after a date's day read as a comma ("27,09.2025"): a day, a comma, a month and a point
 * before a four-digit year is no amount. One character for one, so indexes stay valid.
 */
function repairDayComma(text: string): string {
  return text.replace(/(?<![\d,.])(\d{1,2}),(?=\d{1,2}\.(?:19|20)\d{2}(?!\d))/g, '$1.');
}

/**
 * A year OCR split after its century ("12.03.20 24"): with a time after it ("01/02/20 15:30") the
 * figures are the year 2020 and the hour, so only two figures that no time mark follows are joined.
 * The space moves behind the year, so the text keeps its length.
 */
function joinSplitYears(text: string): string {
  return text.replace(
    /(?<=(?<!\d)\d{1,2}[-/.]\d{1,2}[-/.])(19|20) (\d{2})(?![\d:.hH])/g,
    (_m, century: string, rest: string) => `${century}${rest} `,
  );
}

/**
 * A month name whose first letter O was read as a zero after a day ("27 0go 2020", "3 0ct 2019"):
 * the months that start with O in the locale packs' languages (Oct, Okt, Out, Ott, Ogos). One
 * character for one, so indexes into the text stay valid.
 */
function repairMonthZero(text: string): string {
  return text.replace(/(?<=\d[\s\-./]{1,2})0(?=(?:ct|kt|ut|tt|go)[a-zéû]*\.?[\s\-./,])/gi, 'O');
}

/**
 * The year of a date, also when OCR glued the time to it ("25/12/201813:39", "06/01/1812:17:26"):
 * a four-digit year of this or the last century, or two digits, followed by a time; else the year
 * standing alone.
 */
const YEAR =
  '((?:19|20)\\d{2}(?=\\d{1,2}:\\d{2})|\\d{2}(?=\\d{1,2}:\\d{2})|\\d{4}(?!\\d)|\\d{2}(?!\\d))';

/** The "1" of "1er" read as a letter ("ler avril"), before a month name. */
const ORDINAL_FIRST_AS_LETTER = new RegExp(`\\b[lI](?=er\\s+(?:${MONTH_RE}))`, 'gi');

/**
 * Every date found in a text, in order. `order` decides dd/mm vs mm/dd when both are ≤ 12;
 * `earliestYear` lets a date of birth be older than any document.
 */
export function findDates(
  text: string,
  order: DateOrder = 'dmy',
  earliestYear = EARLIEST_YEAR,
): ParsedDate[] {
  const out: ParsedDate[] = [];
  // Both repairs keep the text's length, so match indexes still point into the original text.
  // a tilde between figures is a hyphen OCR read wavy ("05~05-17"); the length stays the same
  const src = repairMonthZero(repairDateYears(repairDayComma(fixOcrDigits(text))))
    .replace(/(?<=\d)~(?=\d)/g, '-')
    .replace(ORDINAL_FIRST_AS_LETTER, '1');
  const taken: [number, number][] = [];
  const push = (m: RegExpExecArray, y: number, mo: number, d: number, ambiguous: boolean) => {
    const start = m.index;
    const end = start + m[0].length;
    if (taken.some(([a, b]) => start < b && end > a)) return;
    if (!valid(y, mo, d, earliestYear)) return;
    taken.push([start, end]);
    out.push({ iso: iso(y, mo, d), ambiguous, match: m[0], index: start });
  };
  let m: RegExpExecArray | null;
  // ISO-like: 2018-12-25, 2018/12/25, 2018.12.25, also with the time glued on ("2018-12-2517:58")
  // (not the year of one day-first date and the start of the next: "31.3.2025 / 4.4.2025")
  const isoRe =
    /(?<![\d])(?<!\d[-/.])(\d{4})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{2}(?=\d{1,2}:\d{2})|\d{1,2}(?![\d]|[-/.]\d))/g;
  while ((m = isoRe.exec(src))) push(m, Number(m[1]), Number(m[2]), Number(m[3]), false);
  // 25 Dec 2018, 25-Dec-18, 25th December, 2018
  const dmyName = new RegExp(
    // "3 de abril de 2024", "15 de março de 2024": Spanish and Portuguese join with "de"; the
    // first of the month is an ordinal ("1er novembre", "1º de maio", "1° marzo")
    `(?<![\\d])(\\d{1,2})(?:st|nd|rd|th|er|º|°)?[\\s\\-./,]*(?:de\\s+)?(${MONTH_RE})[a-zéû]*\\.?[\\s\\-./,]*(?:de[l]?\\s+)?${YEAR}`,
    'gi',
  );
  while ((m = dmyName.exec(src))) {
    const mo = monthNumber(m[2] ?? '');
    if (mo && plausibleNamedDate(m[2] ?? '', m[3] ?? ''))
      push(m, fullYear(Number(m[3])), mo, Number(m[1]), false);
  }
  // Dec 25, 2018
  const mdyName = new RegExp(
    `(?<![a-z])(${MONTH_RE})[a-zéû]*\\.?[\\s\\-./]*(\\d{1,2})(?:st|nd|rd|th)?[\\s,\\-./]+${YEAR}`,
    'gi',
  );
  while ((m = mdyName.exec(src))) {
    const mo = monthNumber(m[1] ?? '');
    if (mo && plausibleNamedDate(m[1] ?? '', m[3] ?? ''))
      push(m, fullYear(Number(m[3])), mo, Number(m[2]), false);
  }
  // 25/12/2018, 12/25/2018, 25-12-18, 25.12.2018
  // a period before the day ends a label ("Date.28/12/2017"), not a figure
  const num = new RegExp(
    `(?<![\\d/-])(?<!\\d\\.)(\\d{1,2})\\s?([-/.])\\s?(\\d{1,2})\\s?\\2\\s?${YEAR}`,
    'g',
  );
  while ((m = num.exec(src))) {
    const a = Number(m[1]);
    const b = Number(m[2 + 1]);
    const y = fullYear(Number(m[4]));
    if (a > 12 && b <= 12) push(m, y, b, a, false);
    else if (b > 12 && a <= 12) push(m, y, a, b, false);
    else if (a <= 12 && b <= 12) {
      if (order === 'dmy') push(m, y, b, a, a !== b);
      else push(m, y, a, b, a !== b);
    }
  }
  // a slashed date printed straight after a till or register number ("REG #19-18/03/2018")
  const afterNumber = new RegExp(
    `(?<=\\d\\s?-\\s?)(\\d{1,2})\\s?(/)\\s?(\\d{1,2})\\s?/\\s?${YEAR}`,
    'g',
  );
  while ((m = afterNumber.exec(src))) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = fullYear(Number(m[4]));
    if (a > 12 && b <= 12) push(m, y, b, a, false);
    else if (b > 12 && a <= 12) push(m, y, a, b, false);
    else if (order === 'dmy') push(m, y, b, a, a !== b);
    else push(m, y, a, b, a !== b);
  }
  // OCR loses the second separator: "09- 06 2018" (four-digit year only, so amounts are not taken)
  const loose = /(?<![\d/.-])(\d{1,2})\s?[-/.]\s?(\d{1,2})\s(\d{4})(?![\d.,])/g;
  while ((m = loose.exec(src))) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = Number(m[3]);
    if (a > 12 && b <= 12) push(m, y, b, a, false);
    else if (b > 12 && a <= 12) push(m, y, a, b, false);
    else if (order === 'dmy') push(m, y, b, a, a !== b);
    else push(m, y, a, b, a !== b);
  }
  return out.sort((x, y) => x.index - y.index);
}

/** The first date in a text as ISO YYYY-MM-DD, or null. */
export function parseDate(text: string, order: DateOrder = 'dmy'): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}

/** Which order the unambiguous numeric dates of a text use; null when none tells. */
export function detectDateOrder(text: string): DateOrder | null {
  const num = /(?<![\d])(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?![\d])/g;
  let dmy = 0;
  let mdy = 0;
  let m: RegExpExecArray | null;
  while ((m = num.exec(text))) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  if (dmy === mdy) return null;
  return dmy > mdy ? 'dmy' : 'mdy';
}

export interface ParsedAmount {
  value: number;
  /** Has a decimal part (e.g. 12.30), which makes it look like money rather than a count. */
  hasDecimals: boolean;
  currency: string | null;
  match: string;
  index: number;
}

/** Which decimal mark the amounts of a text use: ',' when "12,30"-style amounts dominate. */
export function detectDecimalMark(text: string): DecimalMark {
  const comma = (text.match(/\d,\d{2}(?![\d])/g) ?? []).length;
  const dot = (text.match(/\d\.\d{2}(?![\d])/g) ?? []).length;
  return comma > dot ? ',' : '.';
}

const AMOUNT_RE =
  /(?<![\w.,])(?:(RM|USD|EUR|GBP|MYR|SGD|INR|Rs\.?|S\$|[$€£₹¥])\s?)?([-−]?\s?\d{1,3}(?:[,.' ]\d{3})+(?:[.,]\d{1,2})?|[-−]?\d+(?:[.,]\d{1,3})?)(?:\s?(€|EUR|USD|MYR|RM|[-−]))?(?![\w])/g;

function normaliseNumber(
  raw: string,
  mark: DecimalMark,
): { value: number; hasDecimals: boolean } | null {
  let s = raw.replace(/[\s'−]/g, (c) => (c === '−' ? '-' : ''));
  const neg = s.startsWith('-');
  s = s.replace(/^-/, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimal: string | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = s.split(sep);
    const tail = parts[parts.length - 1] ?? '';
    if (parts.length > 2)
      decimal = null; // 1.234.567 or 1,234,567
    else if (tail.length === 3)
      decimal = sep === mark ? sep : null; // 1,234 is a thousand unless ',' is the mark
    else decimal = sep;
  }
  let intPart = s;
  let frac = '';
  if (decimal) {
    const i = s.lastIndexOf(decimal);
    intPart = s.slice(0, i);
    frac = s.slice(i + 1);
  }
  intPart = intPart.replace(/[.,]/g, '');
  if (!/^\d+$/.test(intPart) || (frac && !/^\d+$/.test(frac))) return null;
  const value = Number(`${intPart}${frac ? `.${frac}` : ''}`);
  if (!Number.isFinite(value)) return null;
  return { value: neg ? -value : value, hasDecimals: frac.length > 0 };
}

/**
 * Whether two words are one figure grouped in thousands and split between them: a group of one to
 * three digits (its thousands mark kept or lost) before three digits and the cents ("1" "306,90",
 * "1," "537.40", "4" "530,82").
 */
export const splitThousandsGroup = (group: string, rest: string): boolean =>
  /^\d{1,3}[.,']?$/.test(group) && /^\d{3}(?:[.,' ]\d{3})*[.,]\d{2}$/.test(rest);

/**
 * An amount OCR split at a mark ("4.996, 37", "1, 537.40"): the cents after the decimal mark, or a
 * group of three figures and the cents after a thousands mark, are one amount with what precedes
 * them. The text keeps its length (the space moves to the amount's edge), so every other position
 * in it stays where it was.
 */
export function closeSplitAmounts(text: string, mark: DecimalMark): string {
  const group = mark === '.' ? ',' : '.';
  const cents = new RegExp(`(?<=\\d)\\${mark} (\\d{2})(?![\\d.,:/])`, 'g');
  const thousands = new RegExp(
    `(?<![\\d.,])(\\d{1,3})\\${group} (\\d{3}\\${mark}\\d{2})(?![\\d.,:/])`,
    'g',
  );
  return text.replace(cents, `${mark}$1 `).replace(thousands, ` $1${group}$2`);
}

/** Every amount in a text with its currency when printed beside it. */
export function findAmounts(text: string, mark: DecimalMark = '.'): ParsedAmount[] {
  const out: ParsedAmount[] = [];
  const src = closeSplitAmounts(fixOcrDigits(text), mark);
  for (const m of src.matchAll(AMOUNT_RE)) {
    const raw = m[2] ?? '';
    const n = normaliseNumber(raw, mark);
    if (!n) continue;
    let value = n.value;
    if (m[3] === '-' || m[3] === '−') value = -Math.abs(value);
    const cur = m[1] ?? (m[3] && m[3] !== '-' && m[3] !== '−' ? m[3] : null);
    out.push({
      value,
      hasDecimals: n.hasDecimals,
      currency: cur ? detectCurrencyIn(cur) : null,
      match: m[0],
      index: m.index ?? 0,
    });
  }
  return out;
}

/** The first amount of a text as a number ("RM 1,234.50" → 1234.5, "1.234,50 €" → 1234.5), or null. */
export function parseAmount(text: string, mark?: DecimalMark): number | null {
  const t = text.trim();
  const m = mark ?? (/\d\.\d{3},\d{1,2}(?!\d)|^\D*\d+,\d{2}\D*$/.test(t) ? ',' : '.');
  return findAmounts(t, m)[0]?.value ?? null;
}

/** yes/no, true/false, checked boxes → boolean; null when the text says neither. */
export function parseBoolean(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (/^(yes|y|true|x|\[x\]|☑|✓|✔|checked|ja|oui|si|sí|1)$/.test(t)) return true;
  if (/^(no|n|false|\[ \]|☐|unchecked|nein|non|0)$/.test(t)) return false;
  return null;
}
