/** The vendor: the party that issues the document, from its letterhead, never the recipient's block. */
import { avgConf, ocrFactor, type Candidate, type DocContext } from '../context.js';
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
      // a registration number after the name, its figures misread ("(S19537-X)", "(I393S6 A)")
      .replace(/\s*\(\s*(?=[^)]*\d{3})[0-9a-z]{4,9}(?:\s?-?\s?[a-z0-9])?\s*\)\s*$/i, '')
      .replace(/^[|\s"'‘“]+|[|\s]+$/g, '')
      .trim(),
  );
  if (!text || avgConf(words) < 0.5) return null;
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
    for (const words of columnsOf(row, pageW)) {
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
  const strongIdx = head.findIndex((t) => STRONG_SUFFIX.test(normaliseCompany(t.text)));
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
  if (
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
  const openBracket = (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length;
  const continues =
    next !== undefined &&
    next.row.index === chosen.row.index + 1 &&
    (openBracket ? /\)/.test(next.text) : true) &&
    next.text.split(/\s+/).length <= 6 &&
    !looksAddress(next.text) &&
    (openBracket ||
      (!COMPANY_SUFFIX.test(text) && COMPANY_SUFFIX.test(next.text)) ||
      (!STRONG_SUFFIX.test(normaliseCompany(text)) &&
        STRONG_SUFFIX.test(normaliseCompany(next.text))));
  if (next && continues) {
    text = `${text} ${next.text}`;
    used = [chosen, next];
  }
  const toks = used.flatMap((line) => line.words);
  return {
    cand: {
      value: normaliseCompany(text),
      box: unionBox(toks.map((t) => t.box)),
      page: chosen.row.page,
      confidence: conf * ocrFactor(toks),
      order: chosen.row.index,
      where: 'fallback',
      readConf: avgConf(toks),
    },
    rowIndex: used[used.length - 1]?.row.index ?? chosen.row.index,
  };
}
