/** The vendor: the party that issues the document, from its letterhead, never the recipient's block. */
import type { ColumnDefinition } from '@parser/contracts';
import {
  avgConf,
  leastGlyphOf,
  minConf,
  ocrFactor,
  type Candidate,
  type DocContext,
} from '../context.js';
import { readClearly } from '../known-readings.js';
import { repairNameWords } from '../name-words.js';
import { findHeader } from '../tables/header.js';
import { readingLines, slopeOfPage } from '../tables/slant.js';
import { levenshtein, segments, unionBox, type Row, type Tok } from '../layout.js';
import { endAtLegalForm } from './name-end.js';
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
import {
  hasDetails,
  isSenderLabel,
  issuerBlock,
  NAME_END,
  isFormOnly,
  withoutSenderLabel,
  type IssuerName,
} from './issuer-block.js';
import { isLabelLine } from './label-lines.js';
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
 * Party blocks side by side under a row of their labels ("From:  Customer:", "Van:  Aan:
 * Afleveradres:"): the names under them read as one row, split where each label starts.
 */
function labelledColumnsOf(row: Row, above: Row | undefined): Tok[][] | null {
  if (!above || above.page !== row.page || row.box[1] - above.box[3] > 1.5 * row.height)
    return null;
  // the label row's cells, each a label ending with its colon ("From:", "Billed To:")
  const labels = segments(above.words, above.height, 1.5);
  const isLabel = (cell: Tok[]) =>
    cell.length <= 3 &&
    /^[\p{L}.-]{2,}:$/u.test(cell.at(-1)!.text) &&
    cell.every((w) => /^[\p{L}.:-]+$/u.test(w.text));
  if (labels.length < 2 || !labels.every(isLabel)) return null;
  const starts = labels.slice(1).map((cell) => cell[0]!.box[0] - 0.5 * row.height);
  const parts: Tok[][] = starts.map(() => []);
  const first: Tok[] = [];
  for (const w of row.words) {
    const at = starts.findLastIndex((x) => w.box[0] >= x);
    (at < 0 ? first : parts[at]!).push(w);
  }
  return [first, ...parts].filter((p) => p.length);
}

/** The words of a header line as a possible company name, or null when they are anything else. */
function vendorLine(all: Tok[], ctx: DocContext): { words: Tok[]; text: string } | null {
  // a sender's label before the name ("Absender Hansa GmbH") is not part of it, nor a name alone
  if (all.length === 1 && isSenderLabel(all[0]!)) return null;
  const words = withoutSenderLabel(all);
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
  const named = endAtLegalForm(text).split(/\s+/);
  if (named.join(' ') !== text) {
    // the name's words; the last one cut where its legal form ends when the street is glued to it
    const kept = words
      .slice(0, named.length)
      .map((w, i) =>
        i === named.length - 1 && w.text.startsWith(named[i]!) ? { ...w, text: named[i]! } : w,
      );
    const shorter =
      kept.length < words.length || kept[kept.length - 1]?.text !== words[kept.length - 1]?.text;
    if (shorter) return vendorLine(kept, ctx);
  }
  const plain = text.replace(/[^a-z ]/gi, '').trim();
  // a title read with a gap inside a word ("TAX INVOI CE") is still a title
  if (NOT_VENDOR.test(plain) || NOT_VENDOR.test(plain.replace(/\s+/g, ''))) return null;
  // a web or mail address line is a slogan or contact, not the name ("TQ FOR SHOPPING WITH x.com")
  if (/www\.|https?:|@|\.com\b/i.test(text)) return null;
  // a section title ("Hotel Details", "Billing Information") heads a block, it is nobody's name
  if (/\b(details|information|info|summary|overview)\s*:?$/i.test(text)) return null;
  if (looksLabelOrData(text, ctx) || REG_NO.test(text) || PHONE.test(text) || GSTLINE.test(text))
    return null;
  // a row of field labels over their values ("Invoice Date  Payment Due") names nobody
  if (isLabelLine(words)) return null;
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

/** The columns of an item table, to find where one is printed. */
const ITEM_COLUMNS: ColumnDefinition[] = [
  { key: 'description', label: 'Description', type: 'string' },
  { key: 'qty', label: 'Qty', type: 'number' },
  { key: 'unit_price', label: 'Unit Price', type: 'currency' },
  { key: 'amount', label: 'Amount', type: 'currency' },
];

/**
 * A name as it reads: a text layer states its letters, and so does a word OCR read without doubt,
 * so only the doubtful words of an OCR'd name are repaired.
 */
function readName(text: string, toks: Tok[], ctx: DocContext): string {
  if (toks.every((t) => t.conf >= 1)) return text;
  const clear = new Set(
    toks.filter(readClearly).flatMap((t) => t.text.toLowerCase().match(/[a-z]{6,}/g) ?? []),
  );
  return repairNameWords(text, ctx.locales, (token) => !clear.has(token.toLowerCase()));
}

/**
 * Whether a legal form starts at the end of one line and ends on the next ("… TRADING SDN" / "BHD",
 * "… Pty" / "Ltd"): the next line is a form, and so is the first line's last word with it, while
 * that word alone is none.
 */
function splitLegalForm(line: string, next: string): boolean {
  const last = line.trim().split(/\s+/).pop() ?? '';
  return isFormOnly(next) && !isFormOnly(last) && isFormOnly(`${last} ${next}`);
}

/** Two readings of one company's name: the same letters, one the start of the other, or OCR-close. */
function sameCompany(a: string, b: string): boolean {
  const [x, y] = [plainName(a), plainName(b)];
  if (x.startsWith(y) || y.startsWith(x)) return true;
  return Math.min(x.length, y.length) >= 8 && levenshtein(x, y) <= 2;
}

/** The vendor read from the issuer's block, with its name, details and where it stands. */
function fromIssuerBlock(
  issuer: IssuerName,
  ctx: DocContext,
): { cand: Candidate; rowIndex: number } {
  const toks = issuer.words;
  return {
    cand: {
      value: readName(issuer.name, toks, ctx),
      legalForm: true,
      box: unionBox(toks.map((t) => t.box)),
      page: issuer.page,
      confidence: 0.8 * ocrFactor(toks),
      order: issuer.rowIndex,
      where: 'fallback',
      readConf: avgConf(toks),
      minReadConf: minConf(toks),
      ...leastGlyphOf(toks),
    },
    rowIndex: issuer.rowIndex,
  };
}

/**
 * The vendor: the issuer's block (its name with its tax id, bank account or phone) when the page
 * prints one, else the letterhead. The letterhead's reading is kept when both name the same
 * company; when they differ, the name at the top is the recipient's in an envelope window, or a
 * title or label, and the block names the issuer.
 */
export function vendorFallback(ctx: DocContext): IssuerFound | null {
  // the vendor field, the address, the customer and learning all ask for it: found once per document
  if (!vendors.has(ctx)) vendors.set(ctx, findVendor(ctx));
  return vendors.get(ctx) ?? null;
}

type IssuerFound = { cand: Candidate; rowIndex: number };
const vendors = new WeakMap<DocContext, IssuerFound | null>();

function findVendor(ctx: DocContext): IssuerFound | null {
  const found = letterheadVendor(ctx);
  const letterhead = found && { cand: found.cand, rowIndex: found.rowIndex };
  const issuer = issuerBlock(ctx);
  if (!issuer) return letterhead;
  if (letterhead) {
    // only a block under the item table (a footer, the seller's block at the bottom) speaks
    // against the top: in the header, the legal entity printed under a trading name ("DOMINO'S
    // PIZZA" over "… Sdn Bhd") is the same party
    const table = findHeader({ columns: ITEM_COLUMNS }, ctx);
    const underTable = table !== null && issuer.rowIndex > table.row.index;
    // a letterhead with its own phone or tax id under it is the issuer's: the window's
    // recipient prints a name and an address only
    // (the details of the block itself, printed right under the line taken, do not count)
    const blockUnder =
      found !== null && issuer.rowIndex > found.firstRow && issuer.rowIndex <= found.firstRow + 5;
    const signed = found !== null && !blockUnder && hasDetails(found.words, found.firstRow, ctx);
    const top = String(letterhead.cand.value);
    // a legal form alone at the top is the end of the block's name, wrapped beside another column
    if (isFormOnly(top)) return fromIssuerBlock(issuer, ctx);
    if (sameCompany(top, issuer.name)) {
      // a letterhead printing the name without its legal form ("Westmoor Trading" over the
      // footer's "Westmoor Trading DAC"): the block gives the whole name
      const extra = issuer.name.slice(top.length).trim();
      const fuller =
        plainName(issuer.name).startsWith(plainName(top)) &&
        (new RegExp(`^(?:${NAME_END.source})$`, 'i').test(extra) || isFormOnly(extra));
      return fuller ? fromIssuerBlock(issuer, ctx) : letterhead;
    }
    if (!underTable || signed) return letterhead;
  }
  return fromIssuerBlock(issuer, ctx);
}

/** The vendor at the top: the first prominent line(s) that are not a label, date or number. */

function letterheadVendor(
  ctx: DocContext,
): { cand: Candidate; rowIndex: number; words: Tok[]; firstRow: number } | null {
  const rows = ctx.layout.rows.filter((r) => r.page === (ctx.layout.rows[0]?.page ?? 1));
  const pageH = ctx.layout.doc.pages[0]?.height ?? 1000;
  const pageW = ctx.layout.doc.pages[0]?.width ?? 1000;
  const top: TopLine[] = [];
  for (const row of rows) {
    if (row.box[1] > pageH * 0.45 && top.length) break;
    if (top.length >= 8) break;
    // The first column that reads as a name; the other is tried when the first is a title or a label.
    const above = ctx.layout.rows[row.index - 1];
    for (const column of labelledColumnsOf(row, above) ?? columnsOf(row, pageW)) {
      if (inRecipientBlock(column, row.page, ctx)) continue;
      // a slanted scan reads a name and the street under it as one row ("SchillerstraBe
      // Taunus-Metallbau 170 AG", words of the two lines overlapping): the name is the upper line
      const [upper, lower] = readingLines(column, slopeOfPage(ctx, row.page));
      // (a name of two words at least: one odd box read across several rows is no line)
      const stacked =
        upper &&
        upper.length >= 2 &&
        lower?.some((w) => upper.some((u) => w.box[0] < u.box[2] && w.box[2] > u.box[0]));
      const words = stacked ? upper : column;
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
    (LEADING_FORM.test(chosen.text) || shortBeforeSuffix(chosen.text) || isFormOnly(chosen.text)) &&
    !STRONG_SUFFIX.test(normaliseCompany(previous.text)) &&
    // a name is printed in one style: a handwritten or lowercase line above is something else;
    // a line of nothing but the legal form ("BHD.", "SDN BHD") is capitals whatever the name's style
    (isFormOnly(chosen.text) || /[a-z]/.test(previous.text) === /[a-z]/.test(chosen.text)) &&
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
      // a name ending with a joining word ("… S.A. de") goes on with the rest of its form ("C.V.")
      (/\s(de|&|y|e|und)$/i.test(text.trim()) && isFormOnly(next.text)) ||
      splitLegalForm(text, next.text) ||
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
      value: readName(normaliseCompany(text), toks, ctx),
      legalForm:
        STRONG_SUFFIX.test(normaliseCompany(text)) || COMPANY_SUFFIX.test(normaliseCompany(text)),
      box: unionBox(toks.map((t) => t.box)),
      page: chosen.row.page,
      confidence: conf * ocrFactor(toks),
      order: chosen.row.index,
      where: 'fallback',
      readConf: avgConf(toks),
      minReadConf: minConf(toks),
      ...leastGlyphOf(toks),
    },
    rowIndex: used[used.length - 1]?.row.index ?? chosen.row.index,
    words: toks,
    firstRow: chosen.row.index,
  };
}
