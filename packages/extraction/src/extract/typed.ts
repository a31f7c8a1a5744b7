/** Typed reading of a run of words: the first date, amount, boolean or text they hold, and second OCR readings of figures. */
import type { FieldDefinition } from '@parser/contracts';
import { round2, type DocContext } from './context.js';
import type { Tok } from './layout.js';
import { findAmounts, findDates, parseBoolean } from './parse.js';

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

/** The first value of a type in a token sequence (`earliestYear`: see findDates). */
export function parseTyped(
  toks: Tok[],
  type: FieldDefinition['type'],
  ctx: DocContext,
  earliestYear?: number,
): Typed | null {
  if (!toks.length) return null;
  const o = offsets(toks);
  let text = o.text;
  const spans = o.spans;
  if (type === 'date') {
    const d = findDates(text, ctx.order, earliestYear)[0];
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
    // a quantity may be a weight to the gram ("1.555 kg"); money is to the cent
    const value = type === 'number' ? Math.round(pick.value * 1000) / 1000 : round2(pick.value);
    return { value, toks: used, quality };
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
