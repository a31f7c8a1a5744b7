/** Which document type an incoming document is, from the labels it prints. */
import type { FieldDefinition, TableDefinition } from '@parser/contracts';
import type { ReadDocument } from '../document.js';
import { conceptOf, phrasesFor } from './concepts.js';
import { contextOf, findLabels } from './fields.js';
import type { LabelHit } from './context.js';
import { compact, type Row } from './layout.js';
import { findHeader } from './tables.js';

export interface ClassifierType {
  id: string;
  name: string;
  fields: FieldDefinition[];
  tables: TableDefinition[];
}

/** How well a document matches one type, and the printed words that say so. */
export interface TypeMatch {
  typeId: string;
  score: number;
  /** The type's fields and tables whose labels the document prints, by the type's own labels. */
  matched: string[];
  /** The words as printed that matched them ("Rechnungsnummer", "Qty Unit Price Amount"). */
  evidence: string[];
  /** How many of the type's fields and tables were looked for (names and addresses are not). */
  counted: number;
}

export interface Classification {
  typeId: string | null;
  score: number;
  reason: string;
  /** Every type, best first. */
  scores: TypeMatch[];
}

const PAYMENT_WORDS =
  /\b(cash|change|visa|master\s?card|amex|debit|credit\s?card|card|tender|paid)\b/i;

/** A label's words as the page prints them. */
const printedWords = (row: Row, start: number, end: number): string =>
  row.words
    .slice(start, end)
    .map((w) => w.text)
    .join(' ')
    .replace(/[:.]+$/, '');

/**
 * Whether a label begins its row or a part of it set off by a gap or a colon, as labels do: the
 * same word inside a sentence ("received in good order", "(not to be paid)") announces nothing.
 */
function startsPart(hit: LabelHit): boolean {
  if (hit.start === 0) return true;
  const before = hit.row.words[hit.start - 1]!;
  const first = hit.row.words[hit.start]!;
  return /[:|]$/.test(before.text) || first.box[0] - before.box[2] > 1.2 * hit.row.height;
}

/** What a field or table looks for, so that types asking for the same thing can be told apart. */
const signOf = (f: FieldDefinition): string => conceptOf(f)?.id ?? compact(f.label);
const TABLE_SIGN = '#table';

export function classifyDocument(doc: ReadDocument, types: ClassifierType[]): Classification {
  const ctx = contextOf(doc);
  const text = ctx.layout.rows.map((r) => r.text).join('\n');
  const looked = types.map((t) => {
    const signs: { sign: string; label: string; words: string | null }[] = [];
    for (const f of t.fields) {
      const concept = conceptOf(f)?.id;
      if (concept === 'vendor' || concept === 'address') continue; // printed without a label
      const hit = findLabels(ctx.layout, phrasesFor(f)).find(startsPart);
      const payment = concept === 'payment_method' ? PAYMENT_WORDS.exec(text) : null;
      const words = hit ? printedWords(hit.row, hit.start, hit.end) : (payment?.[0] ?? null);
      signs.push({ sign: signOf(f), label: f.label.toLowerCase(), words });
    }
    for (const tb of t.tables) {
      const header = findHeader(tb, ctx);
      signs.push({
        sign: TABLE_SIGN,
        label: `${tb.label.toLowerCase()} table`,
        words: header ? header.row.text.trim() : null,
      });
    }
    return { t, signs };
  });
  // A label every type asks for says nothing about which type a document is: each sign weighs
  // one over the number of types that look for it.
  const askedBy = new Map<string, number>();
  for (const { signs } of looked) {
    for (const sign of new Set(signs.map((s) => s.sign))) {
      askedBy.set(sign, (askedBy.get(sign) ?? 0) + 1);
    }
  }
  const weightOf = (sign: string) => 1 / (askedBy.get(sign) ?? 1);
  const results = looked.map(({ t, signs }) => {
    const found = signs.filter((s) => s.words !== null);
    const matched = found.map((s) => s.label);
    const evidence = found.map((s) => s.words!);
    const counted = signs.length;
    const total = signs.reduce((sum, s) => sum + weightOf(s.sign), 0);
    const base = total ? found.reduce((sum, s) => sum + weightOf(s.sign), 0) / total : 0;
    const nameHit =
      t.name.trim().length > 2 &&
      new RegExp(`\\b${t.name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text);
    const score = Math.min(1, base + (nameHit && matched.length ? 0.1 : 0));
    return { t, matched, evidence, counted, score: Math.round(score * 1000) / 1000 };
  });
  results.sort((a, b) => b.score - a.score || b.matched.length - a.matched.length);
  const scores = results.map((r) => ({
    typeId: r.t.id,
    score: r.score,
    matched: r.matched,
    evidence: r.evidence,
    counted: r.counted,
  }));
  const best = results[0];
  if (!best || best.matched.length === 0) {
    return {
      typeId: null,
      score: 0,
      reason: 'No document type matches: none of the expected labels were found',
      scores,
    };
  }
  const list = best.matched.slice(0, 3).join(', ') + (best.matched.length > 3 ? '…' : '');
  if (best.score < 0.34 || best.matched.length < 2) {
    return {
      typeId: null,
      score: best.score,
      reason: `No document type matches well enough: the best, '${best.t.name}', matched only ${best.matched.length} of ${best.counted} fields (${list})`,
      scores,
    };
  }
  return {
    typeId: best.t.id,
    score: best.score,
    reason: `Matched ${best.matched.length} of ${best.counted} fields of '${best.t.name}' (${list})`,
    scores,
  };
}
