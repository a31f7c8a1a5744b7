/** Currency: the code a "Currency" label states, else the document's currency from its symbols, codes and locale. */
import type { FieldDefinition } from '@parser/contracts';
import { phrasesFor } from '../concepts.js';
import type { Candidate, DocContext } from '../context.js';
import { findLabels } from '../labels.js';
import { unionBox } from '../layout.js';
import { detectCurrency, detectCurrencyIn } from '../parse.js';
import { parseTyped } from '../typed.js';

/** A currency field of type text: the printed code after its label, else the document's currency. */
export function extractCurrencyCode(
  field: FieldDefinition,
  ctx: DocContext,
): Candidate | { value: string; confidence: number; page: null } | null {
  for (const h of findLabels(ctx.layout, phrasesFor(field, ctx.locales))) {
    const v = parseTyped(h.row.words.slice(h.end), 'string', ctx);
    const code =
      v && typeof v.value === 'string' ? /^[A-Z]{3}$/.exec(v.value.split(' ')[0] ?? '') : null;
    if (code && v)
      return {
        value: code[0],
        box: unionBox(v.toks.map((t) => t.box)),
        page: h.row.page,
        confidence: 0.9,
        order: h.row.index,
        where: 'right',
      };
  }
  const text = ctx.layout.rows.map((r) => r.text).join('\n');
  const cur = ctx.currency ?? detectCurrency(text);
  if (!cur) {
    // no symbol, code or country cue: the language's currency, with less confidence
    const implied = impliedCurrency(ctx);
    return implied ? { value: implied, confidence: 0.6, page: null } : null;
  }
  const explicit = new RegExp(`\\b${cur}\\b`).test(text);
  return { value: cur, confidence: explicit ? 0.85 : 0.7, page: null };
}

/** Languages whose countries (among those that print them) pay in euros. */
const EURO_LOCALES = new Set(['de', 'fr', 'nl', 'es', 'it', 'pt']);

/**
 * The currency of a money value: printed beside it ("€ 12,00", "12.00 USD"), else the document's,
 * else the one its language implies (a German or French invoice without a symbol is in euros).
 */
export function currencyOfValue(c: Candidate, ctx: DocContext): string | null {
  const row = ctx.layout.rows[c.order];
  const own = row ? detectCurrencyIn(row.text) : null;
  if (own) return own;
  return ctx.currency ?? impliedCurrency(ctx);
}

/** The currency the document's language implies (a German or French invoice without a symbol is in euros). */
function impliedCurrency(ctx: DocContext): string | null {
  const languages = ctx.locales.filter((p) => p.id !== 'en');
  if (languages.length && languages.every((p) => EURO_LOCALES.has(p.id))) return 'EUR';
  if (languages.some((p) => p.id === 'ms')) return 'MYR';
  return null;
}
