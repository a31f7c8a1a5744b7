/** The vendor: the party that issues the document, from its letterhead, never the recipient's block. */
import { avgConf, minConf, ocrFactor, type Candidate, type DocContext } from '../context.js';
import { repairNameWords } from '../name-words.js';
import { segments, unionBox, type Row, type Tok } from '../layout.js';
import {
  COMPANY_SUFFIX,
  GSTLINE,
  LEADING_FORM,
  NOT_VENDOR,
  PHONE,
  REG_NO,
  STRONG_SUFFIX,
  looksAddress,
  looksLabelOrData,
  normaliseCompany,
  withoutDocumentTitle,
} from './company-name.js';
import { inRecipientBlock } from './recipient-blocks.js';

interface TopLine {
  row: Row;
  /** The words of the line's first column (the whole row when it is one column). */
  words: Tok[];
  text: string;
}

/**
 * A two-column header (seller on one side, invoice number and dates on the other) reads as one
 * row: split it at the wide gap into the right-hand column, so each side is a line of its own. A
 * single-column line, even one with spaced-out letters, stays whole.
 */
function columnsOf(row: Row, pageWidth: number): Tok[][] {
  const parts = segments(row.words, row.height, 3);
  const rightStart = parts[1]?.[0]?.box[0];
  if (!parts[0] || rightStart === undefined || rightStart <= pageWidth * 0.4) return [row.words];
  return [parts[0], parts.slice(1).flat()];
}

/**
 * A name ends with its legal form: the street and town printed after it on the same line (a sender
 * line whose separators the scan lost, "Conseil Girard SRL Avenue Louise 152 4000 Liege") are cut.
 */
function endAtLegalForm(text: string): string {
  for (const form of text.matchAll(new RegExp(STRONG_SUFFIX.source, 'gi'))) {
    let end = (form.index ?? 0) + form[0].length;
    if (text[end] === '.') end++;
    const rest = text.slice(end).trim();
    if (rest && (looksAddress(rest) || STREET_START.test(rest))) return text.slice(0, end);
  }
  return text;
}

/** A street and house number opening a text ("Industriestraße 120", "Via Roma, 95", "2 Harbour Road"). */
const STREET_START = /^(?:[\p{L}'’.-]+,?\s){1,3}\d{1,4}[a-z]?\b|^\d{1,4}[a-z]?,?\s\p{L}{3,}/u;

/**
 * Party blocks side by side under a row of their labels ("From:  Customer:", "Van:  Aan:
 * Afleveradres:"): the names under them read as one row, split where each label starts.
 */
function labelledColumnsOf(row: Row, above: Row | undefined): Tok[][] | null {
  if (!above || above.page !== row.page || row.box[1] - above.box[3] > 1.5 * row.height)
    return null;
  const labels = above.words;
  if (labels.length < 2 || !labels.every((w) => /^[\p{L}.-]{2,}:$/u.test(w.text))) return null;
  const starts = labels.slice(1).map((w) => w.box[0] - 0.5 * row.height);
  const parts: Tok[][] = starts.map(() => []);
  const first: Tok[] = [];
  for (const w of row.words) {
    const at = starts.findLastIndex((x) => w.box[0] >= x);
    (at < 0 ? first : parts[at]!).push(w);
  }
  return [first, ...parts].filter((p) => p.length);
}

/** The words of a header line as a possible company name, or null when they are anything else. */
function vendorLine(words: Tok[], ctx: DocContext): { words: Tok[]; text: string } | null {
  // OCR is often unsure of correctly read capitalised words; only doubtful fragments are dropped
  const good = words.filter(
    (w) => w.conf >= 0.45 || /^\(?[A-Z][A-Za-z.&'-]{2,}\)?,?$/.test(w.text),
  );
  const text = withoutDocumentTitle(
    good
      .map((w) => w.text)
      .join(' ')
      // a sender line above an envelope window ("Name · Street · City"): the name is its first part
      .replace(/\s+[·•]\s+.*$/, '')
      // a registration number after the name, its figures misread ("(S19537-X)", "(I393S6 A)")
      .replace(/\s*\(\s*(?=[^)]*\d{3})[0-9a-z]{4,9}(?:\s?-?\s?[a-z0-9])?\s*\)\s*$/i, '')
      .replace(/^[|\s"'‘“]+|[|\s]+$/g, '')
      .trim(),
  );
  if (!text || avgConf(words) < 0.5) return null;
  const named = endAtLegalForm(text);
  if (named !== text) return vendorLine(words.slice(0, named.split(/\s+/).length), ctx);
  const plain = text.replace(/[^a-z ]/gi, '').trim();
  // a title read with a gap inside a word ("TAX INVOI CE") is still a title
  if (NOT_VENDOR.test(plain) || NOT_VENDOR.test(plain.replace(/\s+/g, ''))) return null;
  // a web or mail address line is a slogan or contact, not the name ("TQ FOR SHOPPING WITH x.com")
  if (/www\.|https?:|@|\.com\b/i.test(text)) return null;
  // a section title ("Hotel Details", "Billing Information") heads a block, it is nobody's name
  if (/\b(details|information|info|summary|overview)\s*:?$/i.test(text)) return null;
  if (looksLabelOrData(text, ctx) || REG_NO.test(text) || PHONE.test(text) || GSTLINE.test(text))
    return null;
  return { words, text };
}

/**
 * A legal-form line with at most one word before its form ("STATIONERY SDN. BHD", "CO.(M) SDN
 * BHD") is the end of a name begun on the line above.
 */
function shortBeforeSuffix(text: string): boolean {
  const normal = normaliseCompany(text);
  const at = normal.search(STRONG_SUFFIX);
  return at >= 0 && normal.slice(0, at).trim().split(/\s+/).filter(Boolean).length <= 1;
}

const plainName = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Whether a name at the top of the first page opens a line in the lower part of a page that goes on
 * with a phone, tax id, mail address or figures: a footer printing the issuer's name and details
 * (two words and eight letters at least, so a bare word never matches).
 */
function inFooter(name: string, ctx: DocContext): boolean {
  const wanted = plainName(name);
  if (wanted.length < 8 || name.trim().split(/\s+/).length < 2) return false;
  return ctx.layout.rows.some((r) => {
    const height = ctx.layout.doc.pages[r.page - 1]?.height ?? 1000;
    return (
      r.box[1] > height * 0.6 &&
      plainName(r.text).startsWith(wanted) &&
      plainName(r.text).length > wanted.length &&
      // a table row repeating a description is no footer
      !/\d[.,]\d{2}(?!\d)/.test(r.text) &&
      (PHONE.test(r.text) || GSTLINE.test(r.text) || /@|\d{3}/.test(r.text))
    );
  });
}

/** The vendor: the first prominent line(s) at the top that are not a label, date or number. */
export function vendorFallback(ctx: DocContext): { cand: Candidate; rowIndex: number } | null {
  const rows = ctx.layout.rows.filter((r) => r.page === (ctx.layout.rows[0]?.page ?? 1));
  const pageH = ctx.layout.doc.pages[0]?.height ?? 1000;
  const pageW = ctx.layout.doc.pages[0]?.width ?? 1000;
  const top: TopLine[] = [];
  for (const row of rows) {
    if (row.box[1] > pageH * 0.45 && top.length) break;
    if (top.length >= 8) break;
    // The first column that reads as a name; the other is tried when the first is a title or a label.
    const above = ctx.layout.rows[row.index - 1];
    for (const words of labelledColumnsOf(row, above) ?? columnsOf(row, pageW)) {
      if (inRecipientBlock(words, row.page, ctx)) continue;
      const line = vendorLine(words, ctx);
      if (line) {
        top.push({ row, ...line });
        break;
      }
    }
  }
  if (!top.length) return null;
  // the company name is printed above the address: look for it only in the lines before the first address line
  const addrIdx = top.findIndex((t, i) => i > 0 && looksAddress(t.text));
  const head = top.slice(0, addrIdx > 0 ? addrIdx : 5);
  // the issuer's name repeated in the page's footer (beside its phone, tax id or bank account)
  // marks it among names at the top, where a recipient's name printed in a window stands too
  const signedIdx = head.findIndex((t) => inFooter(t.text, ctx));
  const strongIdx =
    signedIdx >= 0
      ? signedIdx
      : head.findIndex((t) => STRONG_SUFFIX.test(normaliseCompany(t.text)));
  const suffixIdx = strongIdx >= 0 ? strongIdx : head.findIndex((t) => COMPANY_SUFFIX.test(t.text));
  let idx = 0;
  let conf = 0.6;
  const first = top[0];
  if (suffixIdx >= 0) {
    idx = suffixIdx;
    conf = 0.8;
  } else if (first) {
    // the tallest of the first lines
    const h = (t: TopLine) => t.row.height;
    const firstFew = head.slice(0, 3);
    const tallest = firstFew.reduce((a, b) => (h(b) > h(a) * 1.3 ? b : a), first);
    idx = top.indexOf(tallest);
  }
  let chosen = top[idx];
  if (!chosen) return null;
  const previous = top[idx - 1];
  // a legal name does not start with its business form: a line that does ("ENTERPRISE (SETIA
  // ALAM) SDN BHD") carries on the name printed on the line above
  const signed = idx === signedIdx && signedIdx >= 0;
  if (
    !signed &&
    previous &&
    previous.row.index === chosen.row.index - 1 &&
    (LEADING_FORM.test(chosen.text) || shortBeforeSuffix(chosen.text)) &&
    !STRONG_SUFFIX.test(normaliseCompany(previous.text)) &&
    // a name is printed in one style: a handwritten or lowercase line above is something else
    /[a-z]/.test(previous.text) === /[a-z]/.test(chosen.text) &&
    !looksAddress(previous.text)
  ) {
    idx -= 1;
    chosen = previous;
  }
  let text = chosen.text;
  let used = [chosen];
  const next = top[idx + 1];
  // a name too long for one line continues on the next, which ends in the legal form ("… HARDWARE" /
  // "ENTERPRISE (SETIA ALAM) SDN BHD"); a trade word alone ("BAKERY") does not end a legal name
  // a bracket left open ("ENTERPRISE (SETIA") closes on the next line
  const isOpen = (t: string) => (t.match(/\(/g) ?? []).length > (t.match(/\)/g) ?? []).length;
  const openBracket = isOpen(text);
  const continues =
    !signed &&
    next !== undefined &&
    next.row.index === chosen.row.index + 1 &&
    (openBracket ? /\)/.test(next.text) : true) &&
    next.text.split(/\s+/).length <= 6 &&
    !looksAddress(next.text) &&
    (openBracket ||
      (!COMPANY_SUFFIX.test(text) &&
        !STRONG_SUFFIX.test(normaliseCompany(text)) &&
        COMPANY_SUFFIX.test(next.text)) ||
      (!STRONG_SUFFIX.test(normaliseCompany(text)) &&
        STRONG_SUFFIX.test(normaliseCompany(next.text))));
  if (next && continues) {
    text = `${text} ${next.text}`;
    used = [chosen, next];
    // the bracket opened on the line joined last ("AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" /
    // "ALAM) SDN BHD") closes on the line after it
    const third = top[idx + 2];
    if (
      third &&
      isOpen(next.text) &&
      third.row.index === next.row.index + 1 &&
      /\)/.test(third.text) &&
      third.text.split(/\s+/).length <= 6 &&
      !looksAddress(third.text)
    ) {
      text = `${text} ${third.text}`;
      used = [chosen, next, third];
    }
  }
  const toks = used.flatMap((line) => line.words);
  return {
    cand: {
      value: repairNameWords(normaliseCompany(text), ctx.locales),
      legalForm:
        STRONG_SUFFIX.test(normaliseCompany(text)) || COMPANY_SUFFIX.test(normaliseCompany(text)),
      box: unionBox(toks.map((t) => t.box)),
      page: chosen.row.page,
      confidence: conf * ocrFactor(toks),
      order: chosen.row.index,
      where: 'fallback',
      readConf: avgConf(toks),
      minReadConf: minConf(toks),
    },
    rowIndex: used[used.length - 1]?.row.index ?? chosen.row.index,
  };
}
