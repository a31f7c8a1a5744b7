/** Field extraction: label matching (synonyms, fuzzy), value right of or below the label, typed parsing, fallbacks. */
import type { FieldDefinition } from '@parser/contracts';
import type { Box, ExtractedValue, ReadDocument } from '../document.js';
import { repairAddressWords } from './address-words.js';
import {
  ALL_PHRASES,
  conceptOf,
  phrasesFor,
  type ConceptId,
  type LabelPhrase,
} from './concepts.js';
import {
  layoutOf,
  matchPhrase,
  matchPhraseInRow,
  segments,
  unionBox,
  type DocLayout,
  type Row,
  type Tok,
} from './layout.js';
import {
  detectCurrency,
  detectDateOrder,
  detectDecimalMark,
  findAmounts,
  findDates,
  parseBoolean,
  type DateOrder,
  type DecimalMark,
} from './parse.js';

export interface DocContext {
  layout: DocLayout;
  order: DateOrder;
  mark: DecimalMark;
  currency: string | null;
}

export function contextOf(doc: ReadDocument): DocContext {
  const layout = layoutOf(doc);
  const text = layout.rows.map((r) => r.text).join('\n');
  const currency = detectCurrency(text);
  const order = detectDateOrder(text) ?? (currency === 'USD' ? 'mdy' : 'dmy');
  return { layout, order, mark: detectDecimalMark(text), currency };
}

export const NOTHING: ExtractedValue = { value: null, confidence: 0, source: null };

const round2 = (x: number): number => Math.round(x * 100) / 100;
const avgConf = (toks: Tok[]): number =>
  toks.length ? toks.reduce((a, t) => a + t.conf, 0) / toks.length : 0;
/** Reading confidence factor: text-layer words are 1, OCR words scale the confidence down. */
const ocrFactor = (toks: Tok[]): number => 0.55 + 0.45 * Math.min(1, avgConf(toks));

export interface Typed {
  value: string | number | boolean;
  toks: Tok[];
  /** 0..1 quality of the parse itself. */
  quality: number;
}

/** Char offsets of tokens in the space-joined text. */
function offsets(toks: Tok[]): { text: string; spans: [number, number][] } {
  const spans: [number, number][] = [];
  let text = '';
  for (const t of toks) {
    if (text) text += ' ';
    spans.push([text.length, text.length + t.text.length]);
    text += t.text;
  }
  return { text, spans };
}

const toksIn = (toks: Tok[], spans: [number, number][], a: number, b: number): Tok[] =>
  toks.filter((_, i) => {
    const s = spans[i];
    return s !== undefined && s[0] < b && s[1] > a;
  });

/** The first value of a type in a token sequence. */
export function parseTyped(
  toks: Tok[],
  type: FieldDefinition['type'],
  ctx: DocContext,
): Typed | null {
  if (!toks.length) return null;
  const o = offsets(toks);
  let text = o.text;
  const spans = o.spans;
  if (type === 'date') {
    const d = findDates(text, ctx.order)[0];
    if (!d) return null;
    return {
      value: d.iso,
      toks: toksIn(toks, spans, d.index, d.index + d.match.length),
      quality: d.ambiguous ? 0.85 : 1,
    };
  }
  if (type === 'currency' || type === 'number') {
    // OCR reads a decimal point as '-' ("22-60")
    if (type === 'currency')
      text = text
        .replace(/(?<![\d/.-])(\d{1,5})-(\d{2})(?![\d/.-])/g, '$1.$2')
        // OCR splits "4.80" into "4. 80", and drops the point after a currency prefix ("RM8 60")
        .replace(/(?<![\d/.,-])(\d{1,5})\. (\d{2})(?![\d/.,-])/g, '$1.$2')
        .replace(/\b(RM|Rs\.?|[$€£])\s?(\d{1,5}) (\d{2})(?![\d/.,-])/gi, '$1$2.$3');
    const dates = findDates(text, ctx.order).map(
      (d) => [d.index, d.index + d.match.length] as const,
    );
    const amounts = findAmounts(text, ctx.mark).filter((a) => {
      const end = a.index + a.match.length;
      if (text[end] === '%' || text.slice(end, end + 2) === ' %') return false;
      if (/^\s*[:]\d/.test(text.slice(end))) return false; // times 12:30
      if (text[a.index - 1] === ':' && /\d/.test(text[a.index - 2] ?? '')) return false;
      if (text[a.index - 1] === '@') return false; // "GST @6%"
      return !dates.some(([s, e]) => a.index < e && end > s);
    });
    const pick =
      type === 'currency' ? (amounts.find((a) => a.hasDecimals) ?? amounts[0]) : amounts[0];
    if (!pick) return null;
    const used = toksIn(toks, spans, pick.index, pick.index + pick.match.length);
    const quality = type === 'currency' ? (pick.hasDecimals ? 1 : 0.7) : 1;
    return { value: round2(pick.value), toks: used, quality };
  }
  if (type === 'boolean') {
    for (const t of toks) {
      const b = parseBoolean(t.text);
      if (b !== null) return { value: b, toks: [t], quality: 1 };
    }
    return null;
  }
  const clean = toks.filter((t) => !/^[:#.\-–|]+$/.test(t.text));
  if (!clean.length) return null;
  const value = clean
    .map((t) => t.text)
    .join(' ')
    .replace(/^[:#.\-–\s]+/, '')
    .replace(/[\s|]+$/, '')
    .trim();
  if (!value) return null;
  return { value, toks: clean, quality: 0.9 };
}

/**
 * Whether two OCR readings can be the same printed figure: the same number of digits, differing in
 * at most two of them (5 read as 6, 3 as 8), or the second completing the first's lost decimals
 * ("30." and "30.00"). A reading that drops or adds a leading digit ("104.00", "(04.00") is a
 * different number and settles nothing.
 */
export function plausibleMisread(first: string, second: string): boolean {
  const a = first.replace(/\D/g, '');
  const b = second.replace(/\D/g, '');
  if (!a || !b) return false;
  if (a.length === b.length) {
    let diff = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
    return diff <= 2;
  }
  return b.startsWith(a) && !/\d[.,]\d{2}\b/.test(first) && /\d[.,]\d{2}\b/.test(second);
}

/**
 * The amounts that second OCR readings of a value's words give (see Word.alternatives): each word's
 * alternative put in its place in turn, parsed again. Only values that differ from `value`.
 */
export function alternativeAmounts(toks: Tok[], value: number, ctx: DocContext): number[] {
  const out: number[] = [];
  toks.forEach((tok, i) => {
    for (const alt of tok.alts ?? []) {
      if (!plausibleMisread(tok.text, alt.text)) continue;
      const swapped = toks.map((t, j) => (j === i ? { ...t, text: alt.text } : t));
      const v = parseTyped(swapped, 'currency', ctx);
      if (v && typeof v.value === 'number' && v.quality === 1 && v.value !== value) {
        if (!out.includes(v.value)) out.push(v.value);
      }
    }
  });
  return out;
}

interface LabelHit {
  row: Row;
  start: number;
  end: number;
  phrase: LabelPhrase;
  distance: number;
}

/** Where any of the phrases is printed as a label, skipping matches inside longer labels of other meanings. */
export function findLabels(layout: DocLayout, phrases: LabelPhrase[]): LabelHit[] {
  const own = new Set(phrases.map((p) => p.compact));
  const blockers = ALL_PHRASES.filter((p) => !own.has(p.compact));
  const hits: LabelHit[] = [];
  for (const row of layout.rows) {
    const rowHits: LabelHit[] = [];
    for (const phrase of phrases) {
      for (const m of matchPhraseInRow(row, phrase.compact)) {
        rowHits.push({ row, start: m.start, end: m.end, phrase, distance: m.distance });
      }
    }
    if (!rowHits.length) continue;
    const blocks = blockers.flatMap((b) =>
      matchPhraseInRow(row, b.compact, b.compact.length >= 6).map((m) => ({
        ...m,
        len: b.compact.length,
      })),
    );
    // keep the longest own match per position; drop those inside longer blocker phrases
    for (const h of rowHits) {
      const len = h.phrase.compact.length;
      if (blocks.some((b) => b.start <= h.start && b.end >= h.end && b.len > len)) continue;
      if (
        rowHits.some(
          (o) => o !== h && o.start <= h.start && o.end >= h.end && o.phrase.compact.length > len,
        )
      )
        continue;
      if (hits.some((o) => o.row === row && o.start === h.start && o.end === h.end)) continue;
      hits.push(h);
    }
  }
  return hits;
}

export interface Candidate {
  value: string | number | boolean;
  box: Box;
  page: number;
  confidence: number;
  /** Document order (row index) of the value. */
  order: number;
  hit?: LabelHit;
  where: 'right' | 'below' | 'fallback';
  /** Mean OCR confidence of the value's own words (1 for text layers). */
  readConf?: number;
  /** The value as a second OCR reading of its words gives it, where that differs. */
  alts?: number[];
}

const STOP_STRING = /^(tel|phone|fax|date|gst|vat|tax|total|email|invoice|no|page)\b/i;

/** Values that a label announces: right of it on the same row, else under it. */
const startsWithLabel = (toks: Tok[]): boolean =>
  toks.length > 0 &&
  ALL_PHRASES.some(
    (p) =>
      p.compact.length >= 3 &&
      matchPhrase(toks.slice(0, 4), p.compact, false).some((m) => m.start === 0),
  );

function valuesFor(
  hit: LabelHit,
  field: FieldDefinition,
  ctx: DocContext,
  accept: (v: Typed) => boolean = () => true,
): Candidate[] {
  const out: Candidate[] = [];
  const { row } = hit;
  const labelToks = row.words.slice(hit.start, hit.end);
  const labelBox = unionBox(labelToks.map((t) => t.box));
  const labelQ = hit.distance === 0 ? 1 : 0.85;
  let right = row.words.slice(hit.end);
  if (field.type === 'string') {
    // the string value runs to the next wide gap or the next label
    const segs = segments([...labelToks, ...right], row.height, 2.2);
    const first = segs[0] ?? [];
    right = first.length > labelToks.length ? first.slice(labelToks.length) : (segs[1] ?? []);
    if (first.length <= labelToks.length && startsWithLabel(right)) right = [];
    const stop = right.findIndex((t, i) => i > 0 && /:$/.test(t.text) && STOP_STRING.test(t.text));
    if (stop > 0) right = right.slice(0, stop);
  }
  const r = parseTyped(right, field.type, ctx);
  if (r && r.toks.length && accept(r)) {
    const alts = typeof r.value === 'number' ? alternativeAmounts(r.toks, r.value, ctx) : undefined;
    out.push({
      value: r.value,
      box: unionBox(r.toks.map((t) => t.box)),
      page: row.page,
      confidence: labelQ * r.quality * ocrFactor(r.toks),
      order: row.index,
      hit,
      where: 'right',
      readConf: avgConf(r.toks),
      ...(alts?.length ? { alts } : {}),
    });
    return out;
  }
  // below: the next rows within a few line heights, words under the label
  const rows = ctx.layout.rows;
  for (let i = row.index + 1; i < rows.length && i <= row.index + 2; i++) {
    const next = rows[i];
    if (!next || next.page !== row.page) break;
    if (next.box[1] - row.box[3] > 2.5 * ctx.layout.unit) break;
    const width = labelBox[2] - labelBox[0];
    const under = segments(next.words, next.height, 1.5).find((seg) => {
      const b = unionBox(seg.map((t) => t.box));
      return (
        b[0] < labelBox[2] + width &&
        b[2] > labelBox[0] - 0.5 * width &&
        b[0] > labelBox[0] - 2 * width
      );
    });
    if (!under || startsWithLabel(under)) continue;
    const rb = parseTyped(under, field.type, ctx);
    if (rb && rb.toks.length && accept(rb)) {
      out.push({
        value: rb.value,
        box: unionBox(rb.toks.map((t) => t.box)),
        page: next.page,
        confidence: labelQ * rb.quality * ocrFactor(rb.toks) * 0.85,
        order: next.index,
        hit,
        where: 'below',
        readConf: avgConf(rb.toks),
      });
      break;
    }
  }
  return out;
}

/** Confidences this close are a tie, which the better label, then the earlier value, breaks. */
const TIE = 0.05;

const pickFirstBest = (cands: Candidate[]): Candidate | undefined =>
  [...cands].sort((a, b) => {
    if (Math.abs(a.confidence - b.confidence) > TIE) return b.confidence - a.confidence;
    const rank = (a.hit?.phrase.rank ?? 0) - (b.hit?.phrase.rank ?? 0);
    return rank || b.confidence - a.confidence || a.order - b.order;
  })[0];

const SUMMARY = /\b(gst|tax|vat|sst)\s*summary\b|^\W*tax\s*code\b/i;

/** Two readings of money that differ by no more than cash rounding (to 0.05). */
const withinRounding = (a: number, b: number): boolean => Math.abs(a - b) < 0.05 + 1e-9;

/**
 * The total: the total-labelled amount nearest the end, right of its label preferred, outside tax
 * summaries, checked against what the customer paid (tendered less change) where the receipt says so.
 */
function pickTotal(cands: Candidate[], ctx: DocContext): Candidate | undefined {
  const summaryAt = ctx.layout.rows.find((r) => SUMMARY.test(r.text))?.index ?? Infinity;
  const before = cands.filter((c) => c.order < summaryAt);
  if (before.length) cands = before;
  const right = cands.filter((c) => c.where === 'right' && typeof c.value === 'number');
  const pool = right.length ? right : cands;
  const paid = amountPaid(ctx);
  const last = [...pool].sort((a, b) => b.order - a.order || b.confidence - a.confidence)[0];
  if (!last) return paid ? paidCandidate(paid, 0.6) : undefined;
  const agree = pool.filter((c) => c !== last && c.value === last.value).length;
  const disagreeLarger = pool.some(
    (c) =>
      typeof c.value === 'number' &&
      typeof last.value === 'number' &&
      c.value > last.value &&
      c.hit?.phrase.strong,
  );
  const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
  if (paid) {
    // a total line that agrees with what was paid settles it, even one above the last total line
    const match = [...pool]
      .filter((c) => typeof c.value === 'number' && near(c.value, paid.value))
      .sort((a, b) => b.order - a.order)[0];
    if (match) return { ...match, confidence: Math.min(0.99, match.confidence * 1.15) };
    // a second reading of a total line that agrees with what was paid: two readings of the figure
    // and the payment arithmetic all say the same
    const secondReading = [...pool]
      .filter((c) => c.alts?.some((a) => near(a, paid.value)))
      .sort((a, b) => b.order - a.order)[0];
    if (secondReading)
      return { ...secondReading, value: paid.value, confidence: secondReading.confidence };
    if (typeof last.value === 'number') {
      const total = last.value;
      // the payment, read a second time, agrees with the total line
      if (paid.alts.some((a) => near(a, total)))
        return { ...last, confidence: Math.min(0.99, last.confidence * 1.05) };
      // cash is rounded to 0.05 where small coins are gone: the amount paid is the rounded total
      if (withinRounding(total, paid.value)) return paidCandidate(paid, 0.75);
      // a misread digit: trust whichever reading the OCR was surer of
      if ((last.readConf ?? 1) < paid.readConf - 0.15) return paidCandidate(paid, 0.55);
    }
  }
  let confidence = last.confidence * (agree ? 1.05 : 0.95);
  if (paid) confidence *= 0.7;
  if (disagreeLarger) confidence *= 0.8;
  // the figure read differently a second time, with nothing to tell which reading is right
  if (last.alts?.length) confidence *= 0.85;
  return { ...last, confidence: Math.min(0.99, confidence) };
}

interface Paid {
  value: number;
  box: Box;
  page: number;
  order: number;
  /** The lower OCR confidence of the two amounts it is computed from. */
  readConf: number;
  /** The amount paid as second OCR readings of its figures give it. */
  alts: number[];
}

const paidCandidate = (paid: Paid, confidence: number): Candidate => ({
  value: paid.value,
  box: paid.box,
  page: paid.page,
  confidence: confidence * (0.55 + 0.45 * paid.readConf),
  order: paid.order,
  where: 'fallback',
  readConf: paid.readConf,
});

const TENDERED =
  /^(tender(ed)?|amount\s*tendered|amt\s*tendered|paid|paid\s*amount|amount\s*paid|payment)$/i;
const CASH = /^cash$/i;
/** A card pays the bill exactly: no change is given. */
const CARD = /^(credit|credit\s*card|card|debit|debit\s*card|visa|master|mastercard|amex)$/i;
const CHANGE = /^(change|change\s*due)$/i;
/** A change of nothing printed as ".00", which OCR reads without its point. */
const NO_CHANGE = /^\.?0{2}$/;

interface MoneyReading {
  value: number;
  toks: Tok[];
  row: Row;
}

/**
 * What the customer paid: the amount tendered (or the CASH line) less the CHANGE given, when a
 * receipt prints both legibly. A "Tendered" line outranks "Cash", which some tills use for the cash
 * share of the bill rather than the money handed over.
 */
function amountPaid(ctx: DocContext): Paid | null {
  let tendered: MoneyReading | null = null;
  let cash: MoneyReading | null = null;
  let card: MoneyReading | null = null;
  let change: MoneyReading | null = null;
  let tenderSeen = false;
  for (const row of ctx.layout.rows) {
    const words = row.words;
    // the label is the row's first word or two ("CASH", "Amount Tendered :")
    for (const n of [2, 1]) {
      const head = words.slice(0, n);
      if (head.length < n || head.some((w) => /\d/.test(w.text) || !/[a-z]/i.test(w.text)))
        continue;
      const label = head
        .map((w) => w.text)
        .join(' ')
        .replace(/[^a-z ]/gi, '')
        .trim();
      const kind = TENDERED.test(label)
        ? 'tendered'
        : CASH.test(label)
          ? 'cash'
          : CARD.test(label)
            ? 'card'
            : CHANGE.test(label)
              ? 'change'
              : null;
      if (!kind) continue;
      if (kind === 'tendered') tenderSeen = true;
      const figures = words.slice(n).filter((w) => !/^(rm|[a-z]{2,3}|[:$])$/i.test(w.text));
      const v = parseTyped(words.slice(n), 'currency', ctx);
      let reading: MoneyReading | null = null;
      if (v && typeof v.value === 'number' && v.quality === 1 && avgConf(v.toks) >= 0.6)
        reading = { value: v.value, toks: v.toks, row };
      else if (kind === 'change' && figures.length === 1 && NO_CHANGE.test(figures[0]!.text))
        reading = { value: 0, toks: figures, row };
      if (reading) {
        if (kind === 'tendered') tendered ??= reading;
        else if (kind === 'cash') cash ??= reading;
        else if (kind === 'card') card ??= reading;
        else if ((tendered ?? cash ?? card) && !change) change = reading;
      }
      break;
    }
  }
  const given = tendered ?? (tenderSeen ? null : (cash ?? card));
  if (!given) return null;
  const paidBy = (g: MoneyReading, c: MoneyReading | null): Paid => {
    const changeValue = c?.value ?? 0;
    const alts = [
      ...alternativeAmounts(g.toks, g.value, ctx).map((a) => a - changeValue),
      ...(c ? alternativeAmounts(c.toks, c.value, ctx).map((a) => g.value - a) : []),
    ].map(round2);
    return {
      value: round2(g.value - changeValue),
      box: unionBox(g.toks.map((t) => t.box)),
      page: g.row.page,
      order: g.row.index,
      readConf: c ? Math.min(avgConf(g.toks), avgConf(c.toks)) : avgConf(g.toks),
      alts,
    };
  };
  // a card payment is the bill itself; cash needs its change to say what was paid
  if (given === card && (!change || change.value === 0)) return paidBy(card, null);
  if (!change || change.value < 0 || change.value >= given.value) return null;
  return paidBy(given, change);
}

/** CASH − CHANGE when a receipt prints both (the amount tendered and the change given), else null. */
export function cashLessChange(ctx: DocContext): number | null {
  return amountPaid(ctx)?.value ?? null;
}

const COMPANY_SUFFIX =
  /\b(s[do]n\.?\s*b[hn]d|bhd|berhad|s\/b|ltd|limited|llc|inc|incorporated|gmbh|b\.?v|n\.?v|corp(oration)?|co\b|company|enterprises?|trading|sdn|plc|pte|pty|s\.?a\.?r?\.?l?|ag|oy|ab|restaurant|restoran|cafe|café|mart|supermarket|hardware|store|stores|services|industries|holdings|group|bakery|pharmacy|kedai|perniagaan|syarikat|shop)\b/i;
/** Legal-entity suffixes: a line carrying one is the company name far more often than a weak trade word. */
const STRONG_SUFFIX =
  /\b(s[do0]n\.?\s*b[hn]d|bhd|berhad|s\/b|ltd|limited|llc|inc|incorporated|gmbh|corp(oration)?|plc|pte|pty|enterprises?|trading)\b/i;
/** A line opening with a business-form word rather than a name. */
const LEADING_FORM =
  /^\W*(enterprises?|trading|hardware|holdings|industries|services|stores?|supermarket|restaurant|restoran|bakery|pharmacy|sdn|bhd|berhad|ltd|limited|inc|llc|gmbh|plc)\b/i;
const NOT_VENDOR =
  /^(tax\s*invoice|simplified\s*tax\s*invoice|invoice|receipt|official\s*receipt|cash\s*(bill|sale|receipt)|bill|tax|original|copy|duplicate|welcome|page\b.*|statement|quotation|credit\s*note|debit\s*note|order|thank\s*you.*)$/i;
const REG_NO =
  /^\(?\s*(co\.?\s*(reg|no)|company\s*(reg|no)|roc|reg)?[\s.:]*(no)?[\s.:]*[0-9]{4,8}\s*-?\s*[a-z0-9]\s*\)?\.?$/i;
const PHONE =
  /\b(tel|phone|fax|h\/p|hp|mobile|telefoon|tél)\b|\b\d{2,4}[-\s]\d{6,8}\b|\+\d{2}|\b0\d{1,2}-\d{3,4}\s?\d{4}\b|^\s*[tf]\s*:/i;
const GSTLINE =
  /\b(gst|sst|vat|tax)\s*(id|reg|no|registration|#)|\bgst\b|\bbtw\b|\bkvk\b|\bcompany\s*no\b|\bco\.?\s*no\b/i;
const ADDRESS_WORD =
  /\b(jalan|jln|lorong|taman|tmn|no\.?|lot|blok|block|road|rd|street|st|avenue|ave|lane|floor|flr|level|suite|unit|kawasan|bandar|kampung|kg|persiaran|plaza|mall|centre|center|building|bldg|\d{5}|selangor|johor|kuala|lumpur|penang|malaysia|city|straat|laan|weg|rue|strasse|straße|box)\b/i;

const letters = (s: string): number => (s.match(/[a-z]/gi) ?? []).length;

function looksLabelOrData(text: string, ctx: DocContext): boolean {
  const t = text.trim();
  if (!t) return true;
  if (findDates(t, ctx.order).length) return true;
  if (/:/.test(t) && /^[a-z .#/]{2,20}:/i.test(t)) return true;
  if (letters(t) < 3 || letters(t) < t.replace(/\s/g, '').length * 0.5) return true;
  return false;
}

/** A street/postcode line: an address word together with a number. */
const looksAddress = (text: string): boolean =>
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

/** Company names with OCR confusions in their legal suffix ("SON BHD", "SDN 8HD") and look-alike digits fixed. */
export function normaliseCompany(text: string): string {
  return (
    fixOcrLetters(text)
      .replace(/\bS[O0]N(\.?\s*)(B[HN]D)\b/g, 'SDN$1$2')
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
  '(?:invoices?|receipts?|factu(?:u)?r|facture|rechnung|bill|statement|quotation)(?:\\s*/\\s*bill)?';
const LEADING_TITLE = new RegExp(`^${DOCUMENT_TITLE}\\b[\\s.:#-]*`, 'i');
const TRAILING_TITLE = new RegExp(`[\\s.:#-]*\\b${DOCUMENT_TITLE}[\\s.:]*$`, 'i');

/**
 * A header line without the document's title: issuers print their name beside it ("Amazon Web
 * Services Invoice", "FACTUUR. Coolblue B.V."). A line that is only a title comes back empty.
 */
export function withoutDocumentTitle(text: string): string {
  return text.replace(LEADING_TITLE, '').replace(TRAILING_TITLE, '').trim();
}

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
      .replace(/\s*\(\s*\d{3,}[-\s]?[a-z0-9]?\s*\)\s*$/i, '')
      .replace(/^[|\s"'‘“]+|[|\s]+$/g, '')
      .trim(),
  );
  if (!text || avgConf(words) < 0.5) return null;
  if (NOT_VENDOR.test(text.replace(/[^a-z ]/gi, '').trim())) return null;
  if (looksLabelOrData(text, ctx) || REG_NO.test(text) || PHONE.test(text) || GSTLINE.test(text))
    return null;
  return { words, text };
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
    LEADING_FORM.test(chosen.text) &&
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
  const continues =
    next !== undefined &&
    next.row.index === chosen.row.index + 1 &&
    next.text.split(/\s+/).length <= 6 &&
    !looksAddress(next.text) &&
    ((!COMPANY_SUFFIX.test(text) && COMPANY_SUFFIX.test(next.text)) ||
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
    },
    rowIndex: used[used.length - 1]?.row.index ?? chosen.row.index,
  };
}

/** The address: the lines after the vendor up to the first phone/GST/date/label line, joined with ' '. */
export function addressFallback(ctx: DocContext): Candidate | null {
  const v = vendorFallback(ctx);
  if (!v) return null;
  const rows = ctx.layout.rows;
  const picked: Row[] = [];
  for (let i = v.rowIndex + 1; i < rows.length && picked.length < 5; i++) {
    const row = rows[i];
    if (!row || row.page !== v.cand.page) break;
    const text = row.text.trim();
    const stop =
      PHONE.test(text) ||
      GSTLINE.test(text) ||
      findDates(text, ctx.order).length > 0 ||
      /^[a-z .#/]{2,20}:/i.test(text) ||
      NOT_VENDOR.test(text.replace(/[^a-z ]/gi, '').trim()) ||
      /invoice|receipt|cashier|counter|table|member|guest|\bserver\b|\bpax\b/i.test(text) ||
      /@|www\.|http/i.test(text);
    const skippable = REG_NO.test(text) || avgConf(row.words) < 0.45 || letters(text) < 2;
    if (!picked.length) {
      const idLine = GSTLINE.test(text) || PHONE.test(text) || /\breg\b/i.test(text);
      if (skippable || idLine || (stop && !ADDRESS_WORD.test(text))) {
        if (i - v.rowIndex > 3) break;
        continue;
      }
      if (!ADDRESS_WORD.test(text) && !/\d/.test(text)) {
        if (i - v.rowIndex > 2) break;
        continue;
      }
    } else if (stop || skippable) break;
    if (picked.length) {
      const prev = picked[picked.length - 1];
      if (prev && row.box[1] - prev.box[3] > 2 * ctx.layout.unit) break;
    }
    picked.push(row);
  }
  if (!picked.length) return null;
  const text = repairAddressWords(
    fixOcrLetters(
      picked
        .map((r) => r.text.replace(/^[|\s"'‘“]+|[|\s:—-]+$/g, '').trim())
        .join(' ')
        .replace(/\s+/g, ' '),
    ),
  )
    // quote marks are specks between words here; an O read as Q before a house number ("NQ.6")
    .replace(/[‘’“”"`]/g, '')
    .replace(/\bNQ(?=\.?\s?\d)/g, 'NO')
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
  };
}

/**
 * A document's own date (issue, purchase) lies in the past or very near future; a "date" further ahead
 * is an OCR misreading or a different kind of number ("11-22 - 30" in an item code).
 */
export function isPlausibleDocumentDate(iso: string, now: Date = new Date()): boolean {
  const year = Number(iso.slice(0, 4));
  return year >= 1980 && year <= now.getUTCFullYear() + 1;
}

const TIME = /\b([01]?\d|2[0-3])[:.][0-5]\d(?:[:.][0-5]\d)?\s*(?:am|pm)?\b/i;

/**
 * The date printed without a label: on receipts the purchase date sits beside its time, so a date
 * with a time on its row is preferred; otherwise the first plausible date of the document.
 */
function unlabelledDate(ctx: DocContext): Candidate | null {
  let first: Candidate | null = null;
  for (const row of ctx.layout.rows) {
    const t = parseTyped(row.words, 'date', ctx);
    if (!t || typeof t.value !== 'string' || !isPlausibleDocumentDate(t.value)) continue;
    const rest = row.words.filter((w) => !t.toks.includes(w));
    const withTime = TIME.test(rest.map((w) => w.text).join(' '));
    const cand: Candidate = {
      value: t.value,
      box: unionBox(t.toks.map((x) => x.box)),
      page: row.page,
      confidence: (withTime ? 0.75 : 0.65) * t.quality * ocrFactor(t.toks),
      order: row.index,
      where: 'fallback',
    };
    if (withTime) return cand;
    first ??= cand;
  }
  return first;
}

function largestAmount(ctx: DocContext): Candidate | null {
  let best: Candidate | null = null;
  for (const row of ctx.layout.rows) {
    const t = parseTyped(row.words, 'currency', ctx);
    if (
      t &&
      typeof t.value === 'number' &&
      t.quality === 1 &&
      (!best || t.value > (best.value as number))
    ) {
      best = {
        value: t.value,
        box: unionBox(t.toks.map((x) => x.box)),
        page: row.page,
        confidence: 0.35 * ocrFactor(t.toks),
        order: row.index,
        where: 'fallback',
      };
    }
  }
  return best;
}

const toValue = (c: Candidate | undefined | null): ExtractedValue =>
  c
    ? {
        value: c.value,
        confidence: Math.round(Math.max(0, Math.min(1, c.confidence)) * 1000) / 1000,
        source: { page: c.page, box: c.box.map((x) => Math.round(x * 100) / 100) as Box },
      }
    : NOTHING;

/** Extract one field. */
export function extractField(field: FieldDefinition, ctx: DocContext): ExtractedValue {
  const concept: ConceptId | null = conceptOf(field)?.id ?? null;
  if (concept === 'currency' && field.type === 'string') {
    const text = ctx.layout.rows.map((r) => r.text).join('\n');
    const hits = findLabels(ctx.layout, phrasesFor(field));
    for (const h of hits) {
      const v = parseTyped(h.row.words.slice(h.end), 'string', ctx);
      const code =
        v && typeof v.value === 'string' ? /^[A-Z]{3}$/.exec(v.value.split(' ')[0] ?? '') : null;
      if (code && v)
        return toValue({
          value: code[0],
          box: unionBox(v.toks.map((t) => t.box)),
          page: h.row.page,
          confidence: 0.9,
          order: h.row.index,
          where: 'right',
        });
    }
    const cur = ctx.currency ?? detectCurrency(text);
    if (!cur) return NOTHING;
    const explicit = new RegExp(`\\b${cur}\\b`).test(text);
    return { value: cur, confidence: explicit ? 0.85 : 0.7, source: null };
  }
  if ((concept === 'vendor' || concept === 'address') && field.type === 'string') {
    // names and addresses are long free text: a misread label ("supplies" for "supplier") or a value that is
    // a fragment ("(Inc.", "Number") is not one
    const hits = findLabels(ctx.layout, phrasesFor(field)).filter((h) => h.distance === 0);
    const labelled = pickFirstBest(
      hits.flatMap((h) =>
        valuesFor(h, field, ctx, (v) => {
          const t = String(v.value);
          return letters(t) >= 3 && !/^[([{]/.test(t) && (t.includes(' ') || t.length >= 8);
        }),
      ),
    );
    if (labelled && labelled.confidence >= 0.6) return toValue(labelled);
    return toValue(concept === 'vendor' ? vendorFallback(ctx)?.cand : addressFallback(ctx));
  }
  const hits = findLabels(ctx.layout, phrasesFor(field));
  const isId =
    concept === 'invoice_number' ||
    concept === 'po_number' ||
    concept === 'order_number' ||
    concept === 'customer_number';
  let cands = hits.flatMap((h) =>
    valuesFor(h, field, ctx, isId ? (v) => /\d/.test(String(v.value)) : undefined),
  );
  if (isId) {
    // identifiers carry digits; keep the first token
    cands = cands
      .filter((c) => typeof c.value === 'string' && /\d/.test(c.value))
      .map((c) => {
        const parts = String(c.value)
          .replace(/^(no\.?|number|#|:)\s*/i, '')
          .split(/\s+/);
        const id = parts.find((p) => /\d/.test(p)) ?? parts[0] ?? '';
        return {
          ...c,
          value: id.replace(/^[:.]+|[:,.]+$/g, ''),
          confidence: c.confidence * (parts.length > 2 ? 0.85 : 1),
        };
      });
  }
  if (concept === 'total') {
    const best = pickTotal(cands, ctx);
    if (best) return toValue(best);
    return field.type === 'currency' || field.type === 'number'
      ? toValue(largestAmount(ctx))
      : NOTHING;
  }
  if (concept === 'date') {
    cands = cands.filter((c) => typeof c.value !== 'string' || isPlausibleDocumentDate(c.value));
  }
  const best = pickFirstBest(cands);
  if (best) return toValue(best);
  if (field.type === 'date' && (concept === 'date' || concept === null))
    return toValue(unlabelledDate(ctx));
  return NOTHING;
}
